import type { FidoCredType } from '../session/atoms';
import type { GenericSchema } from 'valibot';
import type { CallOptions, RequestDeps, Send } from './request';
import { AuthReplySchema, FidoChallengeReplySchema } from './schemas';

const REG_CHALLENGE = 'factor/v1/FIDORegChallengeGenerator';
const REG_VERIFY = 'factor/v1/FIDORegChallengeVerifier';

export interface FidoDeps extends RequestDeps {
  /** The page origin, sent as documentDomain (the WebAuthn relying party checks it). */
  origin: () => string;
}

/**
 * FIDO calls of spec section 7. Browser results are passed in already encoded (URL-safe
 * base64 without padding, as @simplewebauthn/browser produces them).
 */
export function createFidoCalls(send: Send, deps: FidoDeps) {
  /**
   * A registration call in the sign-in flow (client token, flow state; `deviceTag` adds the device
   * tag header). Signed-in registration (user token, outside any flow) is remote-selfservice's.
   */
  const registration = <S extends GenericSchema>(
    path: string,
    body: object,
    schema: S,
    call: CallOptions | undefined,
    deviceTag = false,
  ) => send({ ...call, method: 'POST', path, base: 'service', body, schema, deviceTag });

  return {
    /** POST {serviceUrl}factor/v1/FIDOAuthChallengeGenerator. */
    fidoAuthChallenge(fidoCredType: FidoCredType, userName?: string | null, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/FIDOAuthChallengeGenerator',
        base: 'service',
        body: {
          documentDomain: deps.origin(),
          fidoCredType,
          deviceTag: true,
          ...(userName ? { userName } : {}),
        },
        deviceTag: true,
        schema: FidoChallengeReplySchema,
      });
    },

    /** POST {proxyUrl}factor/v1/FIDOAuthChallengeVerifier with the encoded assertion. */
    fidoAuthVerify(assertion: object, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/FIDOAuthChallengeVerifier',
        base: 'proxy',
        body: assertion,
        schema: AuthReplySchema,
      });
    },
  };
}
