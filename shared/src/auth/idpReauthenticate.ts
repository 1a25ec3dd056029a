import type { ApiResult } from '../api/result';
import { createSend, type RequestDeps } from '../api/request';
import { type AuthReply, AuthReplySchema } from '../api/schemas';
import { flowStateAtom } from '../session/atoms';
import type { PortalStore } from '../session/store';

/**
 * The identity provider's hand-back (spec section 4, 'Identity provider' step 4): authenticate
 * again with the returned X-Flow-State and no user name. The API client's `authenticate` needs a
 * subject, so this one call is made here through the same fetch wrapper (same interceptors).
 */
export function createIdpReauthenticate(deps: Partial<RequestDeps> & { store: PortalStore }) {
  const send = createSend({
    store: deps.store,
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: deps.now ?? Date.now,
  });
  return (flowState: string): Promise<ApiResult<AuthReply>> => {
    deps.store.set(flowStateAtom, flowState);
    return send({
      method: 'POST',
      path: 'auth/v1/authenticate',
      base: 'service',
      body: { channel: 'web', action: 'authenticate', latestFlowState: true },
      schema: AuthReplySchema,
    });
  };
}
