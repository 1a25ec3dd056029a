import { refreshTokenAtom, tokenExpiryAtom, userTokenAtom } from '@portal/shared/session/atoms';
import type { PortalStore } from '@portal/shared/session/store';

/** The tokens a sign-in or a refresh hands over (an AUTH_ALLOWED reply, a user-token reply). */
export interface UserTokens {
  access_token: string;
  refresh_token?: string | null;
  expires_in?: number | null;
}

/**
 * The one place user tokens are kept: in memory (never in browser storage) with their absolute
 * expiry. A reply without a refresh token keeps the one already held.
 */
export function storeUserTokens(store: PortalStore, tokens: UserTokens, now: number): void {
  store.set(userTokenAtom, tokens.access_token);
  if (tokens.refresh_token) store.set(refreshTokenAtom, tokens.refresh_token);
  store.set(tokenExpiryAtom, typeof tokens.expires_in === 'number' ? now + tokens.expires_in * 1000 : null);
}

/** Forgets every token, for logout and for a refresh failure. */
export function clearUserTokens(store: PortalStore): void {
  store.set(userTokenAtom, null);
  store.set(refreshTokenAtom, null);
  store.set(tokenExpiryAtom, null);
}
