import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookie that carries the sealed refresh token. `__Host-`: the browser accepts it only with
 * `Secure`, `Path=/` and no `Domain`, so no other host (not even a sibling subdomain) can set or
 * overwrite it. `HttpOnly`: no page script reads it. `SameSite=Strict`: no other site's page or
 * link makes the browser send it. A session cookie: it goes when the browser closes.
 */
export const REFRESH_COOKIE = '__Host-portal-refresh';

const ATTRIBUTES = 'Path=/; Secure; HttpOnly; SameSite=Strict';

export function setRefreshCookie(reply: FastifyReply, sealed: string): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=${sealed}; ${ATTRIBUTES}`);
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`);
}

/** The cookie's value from the request's Cookie header(s), or undefined. */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === REFRESH_COOKIE) {
      const value = pair.slice(separator + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
