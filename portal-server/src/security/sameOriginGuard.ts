import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';

/**
 * Why a request comes from another site, or undefined. Browsers send `Origin` on every POST and
 * on cross-origin GETs (only the portal's own origin passes, `null` does not) and `Sec-Fetch-Site`
 * on every request (only `same-origin`, and `none` for an address typed by the user, pass: a
 * sibling subdomain is `same-site` and refused too). A request with neither header is no browser's
 * page: `requirePage` refuses it too (every call that sets or redeems a refresh cookie: a
 * script elsewhere that read an id_token must not mint a cookie of its own), else it passes.
 */
export function crossSiteReason(
  headers: FastifyRequest['headers'],
  publicOrigin: string,
  requirePage = false,
): string | undefined {
  const origin = headers.origin;
  if (origin !== undefined && origin !== publicOrigin) return 'foreign Origin';
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site ${site}`;
  if (requirePage && origin === undefined && site === undefined) return 'neither Origin nor Sec-Fetch-Site';
  return undefined;
}

/** Refuses a cross-site call with 403; true when refused. */
export function refuseCrossSite(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string,
  requirePage: boolean,
): boolean {
  const reason = crossSiteReason(request.headers, publicOrigin, requirePage);
  if (reason === undefined) return false;
  request.log.warn({ reason }, 'cross-site call refused');
  sendError(reply, 403, 'PORTAL_CROSS_SITE', 'Cross-site requests are not allowed');
  return true;
}

/**
 * An onRequest hook refusing cross-site calls with 403 (the token endpoints are the portal's own).
 * `requirePage(request)`: whether a call with neither header is refused too.
 */
export function sameOriginHook(
  publicOrigin: () => string,
  requirePage: (request: FastifyRequest) => boolean = () => false,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const reason = crossSiteReason(request.headers, publicOrigin(), requirePage(request));
    if (reason === undefined) return;
    request.log.warn({ reason }, 'cross-site call refused');
    return sendError(reply, 403, 'PORTAL_CROSS_SITE', 'Cross-site requests are not allowed');
  };
}
