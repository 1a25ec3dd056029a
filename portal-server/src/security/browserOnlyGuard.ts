import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';

/**
 * Only a browser's page: besides the same-origin check (sameOriginGuard.ts), a POST with neither
 * `Origin` nor `Sec-Fetch-Site` is refused, since no browser sends such a request.
 */
export async function browserOnlyHook(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined) return;
  request.log.warn({ reason: 'no Origin or Sec-Fetch-Site' }, 'cross-site call refused');
  return sendError(reply, 403, 'PORTAL_CROSS_SITE', 'Cross-site requests are not allowed');
}
