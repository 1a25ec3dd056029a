import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  clearRefreshCookie,
  readRefreshCookies,
  refreshCookieName,
  setRefreshCookie,
} from './refreshCookie.js';
import { handleCookieId, handleHash, isRefreshHandle, newRefreshHandle } from './refreshHandle.js';
import type { SealedRefresh, TokenSealer } from './tokenSealer.js';

/** The spec's idle timeout (section 9: 10 minutes, then logout), enforced on the refresh too. */
export const REFRESH_IDLE_SECONDS = 600;
/** The most sign-ins (tabs signed in at once) one browser keeps cookies for. */
export const REFRESH_COOKIES_PER_BROWSER = 5;

export interface CustodyLimits {
  /** A sign-in's cookie is refused this long after the sign-in, however often it was refreshed. */
  maxAgeSeconds: number;
  /** A cookie not used (sealed at a sign-in or a refresh) for longer than this is refused. */
  idleSeconds: number;
  /** The most refresh cookies one browser holds; a new sign-in drops the least recently used. */
  maxCookies: number;
}

/** One sign-in's refresh token, opened for the page that presented its handle. */
export interface HeldSignIn {
  token: string;
  since: number;
  user: string | undefined;
  handle: string;
  cookie: string;
}

export type HeldRefreshToken =
  | ({ ok: true } & HeldSignIn)
  | {
      ok: false;
      reason:
        | 'no handle'
        | 'no cookie'
        | 'malformed'
        | 'unknown key'
        | 'tampered'
        | 'not this handle'
        | 'expired'
        | 'idle';
      /** The cookie to clear: it is unusable for everyone (never one that another handle may own). */
      clear?: string;
    };

/** What a new sign-in hands the page in place of the refresh token, and what it pushed out. */
export interface BegunSignIn {
  handle: string;
  /** Refresh tokens of the cookies dropped to stay within maxCookies (to be revoked at the SSO). */
  dropped: string[];
}

/**
 * Keeps refresh tokens out of the browser's reach (IETF "OAuth 2.0 for Browser-Based Apps", the
 * token-mediating backend), one sealed `__Host-` cookie per sign-in, redeemable only with the
 * sign-in's handle that the page keeps in memory. Nothing is stored server side.
 */
export class RefreshTokenCustody {
  constructor(
    private readonly sealer: TokenSealer,
    private readonly limits: CustodyLimits,
    private readonly now: () => number = Date.now,
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /**
   * A new sign-in: seals its refresh token into a new cookie named after a new handle, and returns
   * the handle. `user`: who signed in (the id_token's subject). `previous`: the sign-in this page
   * held until now (its handle came with the call): for the same user its start is kept, so a
   * re-exchange never restarts the absolute lifetime. The caller revokes and clears the previous one.
   */
  begin(
    request: FastifyRequest,
    reply: FastifyReply,
    refreshToken: string,
    signIn: { user: string | undefined; previous?: HeldSignIn },
  ): BegunSignIn {
    const now = this.nowSeconds();
    const { previous, user } = signIn;
    const sameUser = previous !== undefined && user !== undefined && previous.user === user;
    const handle = newRefreshHandle();
    const cookie = refreshCookieName(handleCookieId(handle));
    setRefreshCookie(
      reply,
      cookie,
      this.sealer.seal({
        t: refreshToken,
        h: handleHash(handle),
        since: sameUser ? previous.since : now,
        used: now,
        ...(user === undefined ? {} : { u: user }),
      }),
    );
    return { handle, dropped: this.makeRoom(request, reply, previous?.cookie) };
  }

  /** A refresh: the rotated token replaces the old one in the same cookie; same handle, same start. */
  renew(reply: FastifyReply, held: HeldSignIn, refreshToken: string): void {
    setRefreshCookie(
      reply,
      held.cookie,
      this.sealer.seal({
        t: refreshToken,
        h: handleHash(held.handle),
        since: held.since,
        used: this.nowSeconds(),
        ...(held.user === undefined ? {} : { u: held.user }),
      }),
    );
  }

  /**
   * The refresh token of the sign-in whose handle the page presented, if its cookie is here and usable.
   * `idleGraceSeconds`: how long past the idle limit the cookie still counts (only for the audit
   * trail's idle logout, never for a refresh); the absolute lifetime has no grace.
   */
  held(
    request: FastifyRequest,
    handle: string | undefined,
    { idleGraceSeconds = 0 }: { idleGraceSeconds?: number } = {},
  ): HeldRefreshToken {
    if (handle === undefined || !isRefreshHandle(handle)) return { ok: false, reason: 'no handle' };
    const cookie = refreshCookieName(handleCookieId(handle));
    const sealed = readRefreshCookies(request).get(cookie);
    if (sealed === undefined) return { ok: false, reason: 'no cookie' };
    const opened = this.sealer.open(sealed);
    if (!opened.ok) return { ok: false, reason: opened.reason, clear: cookie };
    const { t, h, since, used, u } = opened.payload;
    // Another sign-in's cookie under the same short id: it is its owner's, left as it is.
    if (h !== handleHash(handle)) return { ok: false, reason: 'not this handle' };
    const now = this.nowSeconds();
    if (now - since > this.limits.maxAgeSeconds) return { ok: false, reason: 'expired', clear: cookie };
    if (now - used > this.limits.idleSeconds + idleGraceSeconds)
      return { ok: false, reason: 'idle', clear: cookie };
    return { ok: true, token: t, since, user: u, handle, cookie };
  }

  forget(reply: FastifyReply, cookie: string): void {
    clearRefreshCookie(reply, cookie);
  }

  /**
   * Keeps the browser within maxCookies once the new cookie is added: unusable cookies go first,
   * then the least recently used. `leaving`: the previous cookie of this page, cleared by the caller.
   */
  private makeRoom(request: FastifyRequest, reply: FastifyReply, leaving: string | undefined): string[] {
    const others: { name: string; payload: SealedRefresh | undefined }[] = [];
    for (const [name, value] of readRefreshCookies(request)) {
      if (name === leaving) continue;
      const opened = this.sealer.open(value);
      others.push({ name, payload: opened.ok ? opened.payload : undefined });
    }
    const excess = others.length + 1 - this.limits.maxCookies;
    if (excess <= 0) return [];
    others.sort(
      (a, b) => (a.payload?.used ?? Number.NEGATIVE_INFINITY) - (b.payload?.used ?? Number.NEGATIVE_INFINITY),
    );
    const dropped = others.slice(0, excess);
    for (const { name } of dropped) clearRefreshCookie(reply, name);
    return dropped.flatMap(({ payload }) => (payload ? [payload.t] : []));
  }
}
