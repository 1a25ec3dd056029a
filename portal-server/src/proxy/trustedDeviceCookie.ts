import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { readRequestCookie } from '../http/requestCookie.js';

/**
 * The trusted-device id (spec sections 3 and 9: the authenticate request's trustedDeviceID, the
 * additional block's isTrustedDeviceEnabled / trustedDeviceId / trustedDeviceExpiryDays) lets a
 * device skip a factor, so no page script may read it (handbook, Cookies). When the browser's calls
 * go through this proxy (the service URL is /common/portal/proxy/), the portal server keeps it:
 *
 * - an AUTH_ALLOWED reply that trusts the device sets `__Host-tdi-<hash of the user name>`
 *   (HttpOnly, Secure, Path=/, SameSite=Strict; Max-Age from trustedDeviceExpiryDays, else a
 *   browser-session cookie), named by the reply's userName (or username);
 * - a reply that says the device is not trusted removes that user's cookie if the browser has one;
 * - every reply's trustedDeviceId is taken out before the page gets it;
 * - an authenticate request gets trustedDeviceID from the cookie of its subject.
 *
 * The page, seeing the proxy as its service URL, neither writes nor reads a tdi- cookie of its own
 * (@portal/shared auth/trustedDeviceCustody).
 */

const COOKIE_PREFIX = '__Host-tdi-';
const ATTRIBUTES = 'Path=/; Secure; HttpOnly; SameSite=Strict';
const DAY_SECONDS = 86_400;

/** The proxied path (after the prefix) of the one call that carries the id to the SSO. */
export const AUTHENTICATE_PATH = 'auth/v1/authenticate';

/** '__Host-tdi-' + a hash of the trimmed, lower-cased user name: the name never appears in clear. */
export function trustedDeviceCookieName(userName: string): string {
  const digest = createHash('sha256').update(userName.trim().toLowerCase()).digest('base64url');
  return `${COOKIE_PREFIX}${digest.slice(0, 22)}`;
}

const AuthenticateBodySchema = v.looseObject({
  subject: v.optional(v.string()),
});

const TrustedDeviceReplySchema = v.looseObject({
  nextaction: v.nullish(v.string()),
  userName: v.nullish(v.string()),
  username: v.nullish(v.string()),
  additional: v.nullish(
    v.looseObject({
      isTrustedDeviceEnabled: v.nullish(v.boolean()),
      trustedDeviceId: v.nullish(v.string()),
      trustedDeviceExpiryDays: v.nullish(v.number()),
    }),
  ),
});

export class RequestBodyTooLarge extends Error {
  override name = 'RequestBodyTooLarge';
}

export class RequestBodyTooSlow extends Error {
  override name = 'RequestBodyTooSlow';
}

/**
 * Reads a request body whole, up to `limitBytes` (RequestBodyTooLarge past it) and within
 * `timeoutMs` (RequestBodyTooSlow: a body dripped slower holds a connection for nothing).
 */
export function readBody(request: FastifyRequest, limitBytes: number, timeoutMs: number): Promise<Buffer> {
  const body = request.raw;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: Error) => {
      cleanup();
      // The rest is not read: the caller answers with Connection: close.
      body.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) stop(new RequestBodyTooLarge(`request body over ${limitBytes} bytes`));
      else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const timer = setTimeout(
      () => stop(new RequestBodyTooSlow(`request body not read in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const cleanup = () => {
      clearTimeout(timer);
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', stop);
    };
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', stop);
  });
}

/**
 * An authenticate body (read whole by the proxy) with this browser's trusted-device id for its
 * subject put into it; a body that is not a JSON object goes on unchanged (the SSO refuses it).
 */
export function withTrustedDeviceId(request: FastifyRequest, body: Buffer): Buffer {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  const parsed = v.safeParse(AuthenticateBodySchema, json);
  if (!parsed.success || !parsed.output.subject) return body;
  const id = readTrustedDeviceCookie(request, trustedDeviceCookieName(parsed.output.subject));
  if (id === undefined) return body;
  return Buffer.from(JSON.stringify({ ...parsed.output, trustedDeviceID: id }));
}

/** The id as kept (URI-encoded: an SSO's id may hold characters a cookie value cannot). */
function readTrustedDeviceCookie(request: FastifyRequest, name: string): string | undefined {
  const value = readRequestCookie(request, name);
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function setCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds?: number): void {
  const maxAge = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  reply.header('set-cookie', `${name}=${encodeURIComponent(value)}; ${ATTRIBUTES}${maxAge}`);
}

/**
 * Applies a proxied reply's word on the device to the cookie and returns the reply without the id
 * (the same object when it says nothing about the device). `subject`: the user an authenticate
 * request named, for replies that do not name one.
 */
export function keepTrustedDevice(
  value: Record<string, unknown>,
  request: FastifyRequest,
  reply: FastifyReply,
  subject: string | undefined,
): Record<string, unknown> {
  const parsed = v.safeParse(TrustedDeviceReplySchema, value);
  if (!parsed.success) return value;
  const { additional, nextaction } = parsed.output;
  if (additional === null || additional === undefined) return value;
  const enabled = additional.isTrustedDeviceEnabled;
  const id = additional.trustedDeviceId ?? '';
  const userName = parsed.output.userName || parsed.output.username || subject;
  if (enabled !== null && enabled !== undefined && userName) {
    const name = trustedDeviceCookieName(userName);
    if (!enabled || id === '') {
      if (readRequestCookie(request, name) !== undefined) setCookie(reply, name, '', 0);
    } else if (nextaction === 'AUTH_ALLOWED') {
      const days = additional.trustedDeviceExpiryDays;
      setCookie(
        reply,
        name,
        id,
        typeof days === 'number' && days > 0 ? Math.round(days * DAY_SECONDS) : undefined,
      );
    }
  } else if (enabled && id !== '' && nextaction === 'AUTH_ALLOWED') {
    request.log.warn('proxy cannot keep a trusted-device id: the AUTH_ALLOWED reply names no user');
  }
  if (!('trustedDeviceId' in (value.additional as Record<string, unknown>))) return value;
  const { trustedDeviceId: _withheld, ...rest } = value.additional as Record<string, unknown>;
  return { ...value, additional: rest };
}
