import type { FastifyRequest } from 'fastify';
import type { AuditTrail } from './auditTrail.js';
import { tokenSubject } from './tokenSubject.js';

/** The token routes' events: logout (the refresh cookie revoked) and a refused refresh. */
export interface TokenAudit {
  /** `POST /v1/token/revoke { token: 'cookie' }`; the refresh token the cookie held, if it held one. */
  logout(request: FastifyRequest, refreshToken?: string): void;
  /** `POST /v1/token/generate/refresh` refused: why, and the refresh token when the SSO refused it. */
  refreshRefused(request: FastifyRequest, reason: string, refreshToken?: string): void;
}

/**
 * The user key of a sign-in whose sealed cookie this server opened: the `sub` of its refresh token
 * (as logout keys it), else the user sealed with it (the id_token's `sub`, for an SSO with opaque
 * refresh tokens). Both are the User ID the proxy's sign-in events are keyed by, so one user's
 * events line up.
 */
export function signInUserKey(trail: AuditTrail, signIn: { token: string; user: string | undefined }) {
  const subject = tokenSubject(signIn.token) ?? signIn.user;
  return subject === undefined ? undefined : trail.pseudonyms.user(subject);
}

/** Who: the `sub` of the refresh token this server sealed (an SSO with opaque tokens: no user key). */
export function tokenAudit(trail: AuditTrail): TokenAudit {
  const userKey = (refreshToken: string | undefined) => {
    const subject = tokenSubject(refreshToken);
    const key = subject === undefined ? undefined : trail.pseudonyms.user(subject);
    return key ? { userKey: key } : {};
  };
  return {
    logout: (request, refreshToken) =>
      trail.record(request, { event: 'session.logout', ...userKey(refreshToken) }),
    refreshRefused: (request, reason, refreshToken) =>
      trail.record(request, { event: 'session.refresh-refused', reason, ...userKey(refreshToken) }),
  };
}
