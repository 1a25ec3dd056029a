import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';
import { refuseCrossSite } from '../security/sameOriginGuard.js';
import type { RefreshTokenCustody } from './custody/refreshTokenCustody.js';
import { jwtSubject } from './jwtSubject.js';
import { exchangeSignIn } from './signInExchange.js';
import type { SsoTokenClient } from './ssoTokenClient.js';

export interface ProxiedSignInDeps {
  sso: SsoTokenClient;
  custody: RefreshTokenCustody;
  publicOrigin: () => string;
}

/** Whether a proxied JSON reply holds a token no page script may read. */
export function carriesSignInTokens(body: Record<string, unknown>): boolean {
  return typeof body.id_token === 'string' || typeof body.refresh_token === 'string';
}

/**
 * Takes the id_token and the refresh token out of a sign-in reply relayed by the proxy, so that no
 * reply body a page script reads carries either:
 * - AUTH_ALLOWED with an id_token only (the direct flow): this server exchanges it for user tokens
 *   itself (jwt-bearer, server to server with the client secret), seals the refresh token into a
 *   new sign-in cookie, and the page gets `access_token`, `expires_in` and the sign-in's handle in
 *   `refresh_token` — the shape of an AUTH_ALLOWED that carries tokens (spec section 4);
 * - a reply with a refresh token (an SSO that hands tokens out with the sign-in): it is sealed the
 *   same way and replaced by the handle;
 * - any other id_token is dropped (the page never needs one then).
 * Setting a cookie needs a call from the portal's own page: anything else gets 403. Returns the
 * body to send, or undefined when an error reply was sent instead.
 */
export async function custodyOfSignInReply(
  deps: ProxiedSignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: Record<string, unknown>,
  status: number,
): Promise<Record<string, unknown> | undefined> {
  const { id_token: idToken, refresh_token: refreshToken, ...rest } = body;
  const idTokenText = typeof idToken === 'string' ? idToken : undefined;
  const signsIn =
    status === 200 &&
    ((typeof refreshToken === 'string' && refreshToken !== '') ||
      (rest.nextaction === 'AUTH_ALLOWED' &&
        idTokenText !== undefined &&
        typeof rest.access_token !== 'string'));
  if (!signsIn) return rest;
  if (refuseCrossSite(request, reply, deps.publicOrigin(), true)) return undefined;
  if (typeof refreshToken === 'string' && refreshToken !== '') {
    const begun = deps.custody.begin(request, reply, refreshToken, {
      user: idTokenText === undefined ? undefined : jwtSubject(idTokenText),
    });
    await Promise.all(begun.dropped.map((token) => deps.sso.revoke(token)));
    return { ...rest, refresh_token: begun.handle };
  }
  const exchanged = await exchangeSignIn(deps, request, reply, idTokenText ?? '', undefined);
  if (exchanged.kind !== 'ok') {
    request.log.error({ outcome: exchanged.kind }, 'proxy could not exchange the sign-in id_token');
    sendError(reply, 502, 'PORTAL_UPSTREAM', 'The sign-in service is unavailable, please try again later');
    return undefined;
  }
  return { ...rest, ...exchanged.value };
}
