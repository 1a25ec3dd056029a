import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookies that carry sealed refresh tokens, one per sign-in: `__Host-portal-refresh-<id>`,
 * the id derived from the sign-in's handle (refreshHandle.ts). `__Host-`: the browser accepts it
 * only with `Secure`, `Path=/` and no `Domain`, so no other host (not even a sibling subdomain) can
 * set or overwrite it. `HttpOnly`: no page script reads it. `SameSite=Strict`: no other site's page
 * or link makes the browser send it. Session cookies: they go when the browser closes.
 */
export const REFRESH_COOKIE_PREFIX = '__Host-portal-refresh-';

const ATTRIBUTES = 'Path=/; Secure; HttpOnly; SameSite=Strict';

export function refreshCookieName(id: string): string {
  return `${REFRESH_COOKIE_PREFIX}${id}`;
}

export function setRefreshCookie(reply: FastifyReply, name: string, sealed: string): void {
  reply.header('set-cookie', `${name}=${sealed}; ${ATTRIBUTES}`);
}

export function clearRefreshCookie(reply: FastifyReply, name: string): void {
  reply.header('set-cookie', `${name}=; ${ATTRIBUTES}; Max-Age=0`);
}

/** Every non-empty refresh cookie of the request's Cookie header(s), by name. */
export function readRefreshCookies(request: FastifyRequest): Map<string, string> {
  const found = new Map<string, string>();
  const header = request.headers.cookie;
  if (!header) return found;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    if (name.startsWith(REFRESH_COOKIE_PREFIX) && value !== '' && !found.has(name)) found.set(name, value);
  }
  return found;
}
