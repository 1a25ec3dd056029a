import { SECURE_COOKIE_PREFIX } from '../constants';

/**
 * The page-readable cookies of spec section 9 (trusted device, FIDO identifier). They cannot be
 * HttpOnly because the page reads them; on a secure page they get the __Secure- prefix and the
 * Secure flag, always Path=/ and SameSite=Lax.
 */

const DAY_MS = 86_400_000;

export interface CookieEnvironment {
  /** The document whose cookies are used (tests pass their own). */
  document: Pick<Document, 'cookie'>;
  secure: boolean;
  now: () => number;
}

function defaultEnvironment(): CookieEnvironment {
  return {
    document: globalThis.document,
    secure: globalThis.location?.protocol === 'https:',
    now: Date.now,
  };
}

/** The name as stored: with the __Secure- prefix on secure pages. */
export function storedCookieName(name: string, secure: boolean): string {
  return secure ? `${SECURE_COOKIE_PREFIX}${name}` : name;
}

function attributes(secure: boolean, expires?: Date): string {
  const parts = ['Path=/', 'SameSite=Lax'];
  if (expires) parts.push(`Expires=${expires.toUTCString()}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function readCookie(name: string, env: CookieEnvironment = defaultEnvironment()): string | null {
  const wanted = storedCookieName(name, env.secure);
  for (const pair of env.document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === wanted)
      return decodeURIComponent(pair.slice(separator + 1).trim());
  }
  return null;
}

/** Writes a cookie; without `expiryDays` it lasts for the browser session. */
export function writeCookie(
  name: string,
  value: string,
  options: { expiryDays?: number } = {},
  env: CookieEnvironment = defaultEnvironment(),
): void {
  const expires =
    options.expiryDays === undefined ? undefined : new Date(env.now() + options.expiryDays * DAY_MS);
  env.document.cookie = `${storedCookieName(name, env.secure)}=${encodeURIComponent(value)}; ${attributes(env.secure, expires)}`;
}

/** Removes a cookie by giving it an expiry in the past. */
export function removeCookie(name: string, env: CookieEnvironment = defaultEnvironment()): void {
  env.document.cookie = `${storedCookieName(name, env.secure)}=; ${attributes(env.secure, new Date(0))}`;
}
