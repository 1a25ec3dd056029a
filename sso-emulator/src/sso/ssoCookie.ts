import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';

/** The SSO session cookie: HttpOnly, SameSite=Lax, Path=/ (the relying-party start and the tenant). */
export const SSO_COOKIE_NAME = 'emulator_sso';

/** An id the emulator issued: 32 random bytes, base64url. Anything else in the cookie is ignored. */
const SessionIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));

/** The session id the browser sent, if the Cookie header holds a well-formed one. */
export function ssoSessionIdFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SSO_COOKIE_NAME) continue;
    const parsed = v.safeParse(SessionIdSchema, rest.join('='));
    if (parsed.success) return parsed.output;
  }
  return undefined;
}

/** Set-Cookie for a session id; `Secure` when the emulator is served over https. */
export function ssoCookie(id: string, maxAgeMs: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
  return `${SSO_COOKIE_NAME}=${id}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
