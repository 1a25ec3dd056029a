import { type CallOptions, type Send, AuthReplySchema } from '@portal/shared/transport';
import type { FidoCredType } from '@portal/shared/session';
import { FidoChallengeReplySchema } from './schemas';

const REG_CHALLENGE = 'factor/v1/FIDORegChallengeGenerator';
const REG_VERIFY = 'factor/v1/FIDORegChallengeVerifier';

/**
 * The FIDO calls of the sign-in screen (spec section 7): login, and inline registration inside
 * the flow (client token and flow state, unlike self-service registration). Browser results are
 * passed in already encoded (URL-safe base64 without padding, as @simplewebauthn/browser
 * produces them). `origin` is the page origin, sent as documentDomain (the relying party checks it).
 */
export function createFidoCalls(send: Send, origin: () => string) {
  return {
    /** POST {serviceUrl}factor/v1/FIDOAuthChallengeGenerator. */
    fidoAuthChallenge(fidoCredType: FidoCredType, userName?: string | null, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/FIDOAuthChallengeGenerator',
        base: 'service',
        body: {
          documentDomain: origin(),
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

    /**
     * POST {serviceUrl}factor/v1/FIDORegChallengeGenerator during sign-in
     * (`<T>_REGISTER_GENERATE_CHALLENGE`): the self-service registration's call, but inside the
     * flow, so with the client token, the flow state and the device tag instead of the user token
     * (the emulator README documents both modes).
     */
    fidoInlineRegChallenge(input: { userName: string; fidoCredType: FidoCredType }, call?: CallOptions) {
      const { userName, fidoCredType } = input;
      return send({
        ...call,
        method: 'POST',
        path: REG_CHALLENGE,
        base: 'service',
        body: { userName, deviceName: fidoCredType, documentDomain: origin(), fidoCredType, deviceTag: true },
        deviceTag: true,
        schema: FidoChallengeReplySchema,
      });
    },

    /** POST {serviceUrl}factor/v1/FIDORegChallengeVerifier during sign-in (client token, flow state). */
    fidoInlineRegVerify(credential: object, fidoCredType: FidoCredType, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: REG_VERIFY,
        base: 'service',
        body: { ...credential, fidoCredType, deviceName: fidoCredType },
        deviceTag: false,
        schema: AuthReplySchema,
      });
    },
  };
}
