import { type CallOptions, type Send, AuthReplySchema } from '@portal/shared/transport';

/**
 * The recovery-code factor's call (our addition; sso-emulator README, "Recovery codes"): the code
 * as typed, inside the flow (client token and flow state from the kernel's transport).
 */
export function createRecoveryCodeCalls(send: Send) {
  return {
    /** POST factor/v1/RecoveryCodeAuthenticator { code }: a right code moves the sign-in on. */
    authenticateRecoveryCode(code: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/RecoveryCodeAuthenticator',
        base: 'service',
        body: { code },
        schema: AuthReplySchema,
      });
    },
  };
}
