import type { ApiResult } from '@portal/shared/api/result';
import { type AuthReply, AuthReplySchema, ErrorBodySchema } from '@portal/shared/api/schemas';
import { messages } from '@portal/shared/messages/en_US';
import {
  clientTokenAtom,
  clientTransactionIdAtom,
  flowStateAtom,
  lastTransactionAtom,
  proxyUrlAtom,
  serviceUrlAtom,
} from '@portal/shared/session/atoms';
import type { PortalStore } from '@portal/shared/session/store';
import * as v from 'valibot';

/**
 * The identity provider's hand-back (spec section 4, 'Identity provider' step 4; sso-emulator
 * README, 'Identity-provider hand-back contract' step 5): authenticate again with the returned
 * X-Flow-State and a body without a user name. The API client's `authenticate` requires a
 * subject, so this one call is made here with the same headers and reply handling. Package
 * imports on purpose (the host's atoms, not a remote's copy).
 */
export interface IdpReauthenticateDeps {
  store: PortalStore;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

function serviceBase(store: PortalStore): string {
  const base = store.get(serviceUrlAtom) ?? store.get(proxyUrlAtom);
  return base.endsWith('/') ? base : `${base}/`;
}

export function createIdpReauthenticate(deps: IdpReauthenticateDeps) {
  const { store } = deps;
  const doFetch = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = deps.now ?? Date.now;
  return async (flowState: string): Promise<ApiResult<AuthReply>> => {
    store.set(flowStateAtom, flowState);
    const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
    headers.set('X-Flow-State', flowState);
    const transactionId = store.get(clientTransactionIdAtom);
    if (transactionId) headers.set('X-CLIENT-TRANSACTION-ID', transactionId);
    const token = store.get(clientTokenAtom);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let response: Response;
    try {
      response = await doFetch(`${serviceBase(store)}auth/v1/authenticate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ channel: 'web', action: 'authenticate', latestFlowState: true }),
      });
    } catch {
      return { ok: false, error: { kind: 'network', message: messages.errors.network } };
    }
    store.set(lastTransactionAtom, new Date(now()));
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text.trim() === '' ? null : JSON.parse(text);
    } catch {
      return { ok: false, error: { kind: 'malformed', message: messages.errors.malformedReply } };
    }
    if (!response.ok) {
      const body = v.safeParse(ErrorBodySchema, json);
      const message = body.success
        ? (body.output.errorMessage ?? messages.errors.default)
        : messages.errors.default;
      return { ok: false, error: { kind: 'http', message, status: response.status } };
    }
    if (json === null) return { ok: false, error: { kind: 'null', message: messages.errors.responseNull } };
    const parsed = v.safeParse(AuthReplySchema, json);
    if (!parsed.success)
      return { ok: false, error: { kind: 'malformed', message: messages.errors.malformedReply } };
    const next = parsed.output.flowState ?? response.headers.get('X-Flow-State');
    if (next) store.set(flowStateAtom, next);
    return { ok: true, data: parsed.output, status: response.status };
  };
}
