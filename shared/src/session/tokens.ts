import type { UserTokenReply } from '../api/schemas';
import { refreshTokenAtom, tokenExpiryAtom, userTokenAtom } from '@portal/shared/session/atoms';
import type { PortalStore } from '@portal/shared/session/store';

/** Keeps a user token reply in memory (never in browser storage) with its absolute expiry. */
export function storeUserTokens(store: PortalStore, reply: UserTokenReply, now: number): void {
  store.set(userTokenAtom, reply.access_token);
  if (reply.refresh_token) store.set(refreshTokenAtom, reply.refresh_token);
  store.set(tokenExpiryAtom, typeof reply.expires_in === 'number' ? now + reply.expires_in * 1000 : null);
}

/** Forgets every token, for logout and for a refresh failure. */
export function clearUserTokens(store: PortalStore): void {
  store.set(userTokenAtom, null);
  store.set(refreshTokenAtom, null);
  store.set(tokenExpiryAtom, null);
}
