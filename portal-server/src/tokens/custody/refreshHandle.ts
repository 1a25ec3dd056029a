import { createHash, randomBytes } from 'node:crypto';

/**
 * The per-sign-in refresh handle: 256 random bits the page keeps in memory (never in web storage)
 * and presents on every refresh and on logout. It travels in the field the page already stores
 * and sends back as `refresh_token`, so the spec's request shapes are unchanged. The browser's
 * cookie holds only its hash, sealed: the cookie alone (another tab, a reload, anyone at that
 * browser) redeems nothing, and the handle alone (a copy of page memory) has no refresh token.
 */
const HANDLE_PREFIX = 'rh1.';
const HANDLE_BYTES = 32;

/** `rh1.` and 43 base64url characters (256 bits). */
export const REFRESH_HANDLE_PATTERN = /^rh1\.[A-Za-z0-9_-]{43}$/;

export function newRefreshHandle(): string {
  return `${HANDLE_PREFIX}${randomBytes(HANDLE_BYTES).toString('base64url')}`;
}

export function isRefreshHandle(value: string): boolean {
  return REFRESH_HANDLE_PATTERN.test(value);
}

const digest = (label: string, handle: string) => createHash('sha256').update(`${label}:${handle}`).digest();

/** What the seal keeps of the handle (SHA-256, base64url): it proves the handle, it is not the handle. */
export function handleHash(handle: string): string {
  return digest('seal', handle).toString('base64url');
}

/**
 * The short id that names this sign-in's cookie (12 hex characters of another SHA-256 of the
 * handle): one cookie per sign-in, found from the handle alone, so two tabs signed in as two users
 * each redeem their own. It is not the sealed hash, and says nothing usable about the handle.
 */
export function handleCookieId(handle: string): string {
  return digest('cookie', handle).toString('hex').slice(0, 12);
}
