import * as v from 'valibot';
import { type CallOptions, HEADERS, type Send, AuthReplySchema } from '@portal/shared/transport';
import { flowStateAtom, type PortalStore } from '@portal/shared/session';
import { boundToPortal } from './boundToPortal';

/** The identity provider's calls of spec section 7 (spec section 4, 'Identity provider'). */
export function createIdpCalls(store: PortalStore, send: Send) {
  return {
    /**
     * GET oauth2/v1/idp: the identity provider's SAML form, as text. The relay state names the
     * portal's /idpComplete page (absolute URL) so the provider returns there.
     */
    generateIdpForm(relayStateUrl: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'GET',
        path: 'oauth2/v1/idp',
        base: 'service',
        headers: { [HEADERS.relayState]: relayStateUrl },
        responseType: 'text',
        schema: v.pipe(v.string(), v.minLength(1)),
      });
    },

    /**
     * The identity provider's hand-back (spec section 4, 'Identity provider' step 4; sso-emulator
     * README, 'Identity-provider hand-back contract' step 5): POST auth/v1/authenticate again with
     * the flow state the provider returned and no subject, which `authenticate` requires.
     */
    reauthenticateAfterIdp(flowState: string, call?: CallOptions) {
      store.set(flowStateAtom, flowState);
      return send({
        ...call,
        method: 'POST',
        path: 'auth/v1/authenticate',
        base: 'service',
        body: { channel: 'web', action: 'authenticate', latestFlowState: true },
        schema: AuthReplySchema,
      });
    },
  };
}

type IdpCalls = ReturnType<typeof createIdpCalls>;

/** The identity provider's calls, bound to the portal's store. */
export const idpApi = boundToPortal(createIdpCalls);
