import type { FidoCredType } from '@portal/shared/session/atoms';
import type { RequestDeps, Send } from './request';
import { AuthReplySchema, FidoChallengeReplySchema } from './schemas';

export interface FidoDeps extends RequestDeps {
  /** The page origin, sent as documentDomain (the WebAuthn relying party checks it). */
  origin: () => string;
}

/**
 * FIDO calls of spec section 7. Browser results are passed in already encoded (URL-safe
 * base64 without padding, as @simplewebauthn/browser produces them).
 */
export function createFidoCalls(send: Send, deps: FidoDeps) {
  return {
    /** POST {serviceUrl}factor/v1/FIDOAuthChallengeGenerator. */
    fidoAuthChallenge(fidoCredType: FidoCredType, userName?: string | null) {
      return send({
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
    fidoAuthVerify(assertion: object) {
      return send({
        method: 'POST',
        path: 'factor/v1/FIDOAuthChallengeVerifier',
        base: 'proxy',
        body: assertion,
        schema: AuthReplySchema,
      });
    },

    /** POST {serviceUrl}factor/v1/FIDORegChallengeGenerator (signed in, outside any flow). */
    fidoRegChallenge(input: { userName: string; deviceName: string; fidoCredType: string }) {
      return send({
        method: 'POST',
        path: 'factor/v1/FIDORegChallengeGenerator',
        base: 'service',
        token: 'user',
        noFlowState: true,
        body: {
          userName: input.userName,
          deviceName: input.deviceName,
          documentDomain: deps.origin(),
          fidoCredType: input.fidoCredType.toUpperCase(),
          userAccessToken: true,
          noFlowState: true,
        },
        schema: FidoChallengeReplySchema,
      });
    },

    /** POST {serviceUrl}factor/v1/FIDORegChallengeVerifier with the encoded credential. */
    fidoRegVerify(credential: object, fidoCredType: string) {
      return send({
        method: 'POST',
        path: 'factor/v1/FIDORegChallengeVerifier',
        base: 'service',
        token: 'user',
        noFlowState: true,
        body: {
          ...credential,
          fidoCredType: fidoCredType.toUpperCase(),
          userAccessToken: true,
          noFlowState: true,
        },
        schema: AuthReplySchema,
      });
    },
  };
}
