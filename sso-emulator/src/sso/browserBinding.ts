import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { EmulatorContext } from '../context.js';

/**
 * Binds an oauth2 flow to the browser that runs it. The relying-party start and authcomplete are
 * the only requests the browser itself makes to the SSO with its cookies (the portal's calls in
 * between are cross-origin fetches without credentials, so the SSO can neither set nor read a
 * cookie when the last factor completes the flow). The start therefore gives the browser a
 * random id in an HttpOnly cookie (kept if it has one) and records it on the transaction;
 * authcomplete serves the flow only to a request carrying that same id. A completed flow's
 * authcomplete address opened in another browser (an attacker's finished sign-in sent to a
 * victim, or a victim's copied from a shared machine) is refused.
 */
export const BROWSER_COOKIE_NAME = 'emulator_browser';

/** An id the emulator issued: 32 random bytes, base64url. Anything else in the cookie is ignored. */
const BrowserIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));

/** The browser id the request's Cookie header holds, if well-formed. */
export function browserIdFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== BROWSER_COOKIE_NAME) continue;
    const parsed = v.safeParse(BrowserIdSchema, rest.join('='));
    if (parsed.success) return parsed.output;
  }
  return undefined;
}

/**
 * The browser's id for a flow it starts: the one its cookie holds, else a new one; with the
 * Set-Cookie that (re)issues it. A browser-session cookie: HttpOnly, SameSite=Lax (sent on the
 * top-level navigation from the portal to authcomplete, even across sites), Path=/ (the start and
 * the tenant's authcomplete), Secure when the emulator is served over https.
 */
export function bindBrowser(
  ctx: EmulatorContext,
  request: FastifyRequest,
): { browserId: string; setCookie: string } {
  const browserId = browserIdFrom(request) ?? randomBytes(32).toString('base64url');
  const secure = new URL(ctx.config.publicUrl).protocol === 'https:';
  return {
    browserId,
    setCookie: `${BROWSER_COOKIE_NAME}=${browserId}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  };
}

/** Whether the request comes from the browser the transaction is bound to. */
export function sameBrowser(request: FastifyRequest, boundId: string | undefined): boolean {
  const sent = browserIdFrom(request);
  if (boundId === undefined || sent === undefined) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(boundId);
  return a.length === b.length && timingSafeEqual(a, b);
}
