import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';

/**
 * Why a request comes from another site, or undefined. Browsers send `Origin` on every POST and
 * on cross-origin GETs (only the portal's own origin passes, `null` does not) and `Sec-Fetch-Site`
 * on every request (only `same-origin`, and `none` for an address typed by the user, pass: a
 * sibling subdomain is `same-site` and refused too). A request with neither header is no browser's
 * page (a server-to-server client holds no browser cookie) and passes.
 */
export function crossSiteReason(
  headers: FastifyRequest['headers'],
  publicOrigin: string,
): string | undefined {
  const origin = headers.origin;
  if (origin !== undefined && origin !== publicOrigin) return 'foreign Origin';
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site ${site}`;
  return undefined;
}

/** An onRequest hook refusing cross-site calls with 403 (the token endpoints are the portal's own). */
export function sameOriginHook(publicOrigin: () => string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const reason = crossSiteReason(request.headers, publicOrigin());
    if (reason === undefined) return;
    request.log.warn({ reason }, 'cross-site call refused');
    return sendError(reply, 403, 'PORTAL_CROSS_SITE', 'Cross-site requests are not allowed');
  };
}
