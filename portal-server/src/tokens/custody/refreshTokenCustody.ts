import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refreshCookie.js';
import type { TokenSealer } from './tokenSealer.js';

/**
 * What the browser gets, and sends back, in place of the refresh token (in `refresh_token` of
 * token replies, of the refresh call's body and of the revoke call's `token`): a fixed, non-secret
 * word meaning "the one in the portal's HttpOnly cookie". Hosts built before keep working: they
 * store it and send it back like any refresh token.
 */
export const REFRESH_TOKEN_IN_COOKIE = 'cookie';

export type HeldRefreshToken =
  | { ok: true; token: string; since: number }
  | { ok: false; reason: 'no cookie' | 'malformed' | 'unknown key' | 'tampered' | 'expired' };

/**
 * Keeps refresh tokens out of the browser's reach (IETF "OAuth 2.0 for Browser-Based Apps", the
 * token-mediating backend): every reply the portal relays has its refresh token sealed into the
 * `__Host-` cookie and replaced by REFRESH_TOKEN_IN_COOKIE. Nothing is stored server side.
 */
export class RefreshTokenCustody {
  constructor(
    private readonly sealer: TokenSealer,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes the refresh token out of a reply body (a copy is returned) and into the cookie. `since`:
   * when the sign-in happened, for a refresh; a new sign-in starts now.
   */
  withhold<T extends Record<string, unknown>>(body: T, reply: FastifyReply, since?: number): T {
    const token = body.refresh_token;
    if (typeof token !== 'string' || token === '' || token === REFRESH_TOKEN_IN_COOKIE) return body;
    setRefreshCookie(reply, this.sealer.seal(token, since ?? Math.floor(this.now() / 1000)));
    return { ...body, refresh_token: REFRESH_TOKEN_IN_COOKIE };
  }

  /** The refresh token this browser's cookie holds. */
  held(request: FastifyRequest): HeldRefreshToken {
    const sealed = readRefreshCookie(request);
    if (sealed === undefined) return { ok: false, reason: 'no cookie' };
    return this.sealer.open(sealed, this.now());
  }

  forget(reply: FastifyReply): void {
    clearRefreshCookie(reply);
  }
}
