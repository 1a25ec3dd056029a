import { refreshTokenAtom, tokenExpiryAtom, tokensReceivedAtAtom, userTokenAtom } from './atoms';
import type { PortalStore } from './store';
import { REFRESH_HANDLE_PATTERN } from '../constants';

/** The tokens a sign-in or a refresh hands over (an AUTH_ALLOWED reply, a user-token reply). */
export interface UserTokens {
  access_token: string;
  refresh_token?: string | null;
  expires_in?: number | null;
}

/**
 * The one place user tokens are kept: in memory (never in browser storage) with their absolute
 * expiry. The refresh token is the portal server's, sealed in this sign-in's HttpOnly cookie: the
 * page keeps only the sign-in's handle (REFRESH_HANDLE_PATTERN) the server hands out in its place.
 * Anything else in `refresh_token` (a real refresh token, in a reply that reached the page past
 * the portal server) is never kept. A reply without a refresh token keeps what is held.
 */
export function storeUserTokens(store: PortalStore, tokens: UserTokens, now: number): void {
  store.set(userTokenAtom, tokens.access_token);
  if (tokens.refresh_token) {
    store.set(
      refreshTokenAtom,
      REFRESH_HANDLE_PATTERN.test(tokens.refresh_token) ? tokens.refresh_token : null,
    );
  }
  store.set(tokensReceivedAtAtom, now);
  store.set(tokenExpiryAtom, typeof tokens.expires_in === 'number' ? now + tokens.expires_in * 1000 : null);
}

/** Forgets every token, for logout and for a refresh failure. */
export function clearUserTokens(store: PortalStore): void {
  store.set(userTokenAtom, null);
  store.set(refreshTokenAtom, null);
  store.set(tokensReceivedAtAtom, null);
  store.set(tokenExpiryAtom, null);
}
