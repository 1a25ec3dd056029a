import type { CallOptions, Send } from './request';
import { AuthReplySchema } from './schemas';
import { UserInfoTextSchema } from './userInfo';

/**
 * Authentication calls of spec section 7 that the kernel and more than one remote make, against the
 * service URL with the client token. The sign-in screens' own calls (authenticate, the identity
 * provider's form and hand-back, password) are remote-login's (`remote-login/src/api/loginCalls.ts`).
 */
export function createAuthCalls(send: Send) {
  return {
    /** POST auth/v1/authenticate { resetFlow, subject }: a new flow state for the same user. */
    resetUser(subject: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/authenticate',
        base: 'service',
        body: { resetFlow: true, subject: subject.toLowerCase() },
        schema: AuthReplySchema,
      });
    },

    /** POST auth/v1/SelectedFactor { factor }: the factor chosen on the selection screen. */
    selectFactor(factor: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/SelectedFactor',
        base: 'service',
        body: { factor },
        schema: AuthReplySchema,
      });
    },

    /** 'Choose another' (More Options): back to the factor choice. */
    chooseAnotherFactor(call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/SelectedFactor',
        base: 'service',
        body: { action: 'chooseanother' },
        schema: AuthReplySchema,
      });
    },

    /** Restores the last action; its reply is routed with the automatic factor redirect skipped. */
    restoreLastAction(call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/SelectedFactor',
        base: 'service',
        body: { action: 'restorelastaction', latestFlowState: true },
        schema: AuthReplySchema,
      });
    },

    /** POST oauth2/v1/userinfo, form-encoded access_token; the text is JSON or a signed token. */
    getUserInfo(accessToken: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'oauth2/v1/userinfo',
        base: 'service',
        token: 'none',
        form: { access_token: accessToken },
        responseType: 'text',
        schema: UserInfoTextSchema,
      });
    },
  };
}
