import { HOST_COOKIE_PREFIX, SECURE_COOKIE_PREFIX } from '../constants';

/**
 * The page-readable cookies of spec section 9 (trusted device, FIDO identifier). They cannot be
 * HttpOnly because the page reads them. Issue 14 tightens the spec's `__Secure-` and Lax: on a
 * secure page they get the `__Host-` prefix (the browser then insists on Secure, Path=/ and no
 * Domain, so no subdomain can set or shadow them) and the Secure flag; always Path=/ and
 * SameSite=Strict, since only the page's scripts read them and no request needs to carry them.
 * Cookies an earlier version wrote as `__Secure-` are moved once (migrateLegacyCookie).
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

/** The name as stored: with the __Host- prefix on secure pages. */
export function storedCookieName(name: string, secure: boolean): string {
  return secure ? `${HOST_COOKIE_PREFIX}${name}` : name;
}

/** The name earlier versions stored on secure pages (spec section 9's __Secure- prefix). */
function legacyCookieName(name: string): string {
  return `${SECURE_COOKIE_PREFIX}${name}`;
}

function attributes(secure: boolean, expires?: Date): string {
  const parts = ['Path=/', 'SameSite=Strict'];
  if (expires) parts.push(`Expires=${expires.toUTCString()}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The value of the cookie stored under exactly `storedName`, or null. */
function readStored(storedName: string, env: CookieEnvironment): string | null {
  for (const pair of env.document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === storedName)
      return decodeURIComponent(pair.slice(separator + 1).trim());
  }
  return null;
}

/** Gives a cookie stored under `storedName` an expiry in the past. */
function expire(
  storedName: string,
  secure: boolean,
  sameSite: 'Strict' | 'Lax',
  env: CookieEnvironment,
): void {
  env.document.cookie = `${storedName}=; Path=/; SameSite=${sameSite}; Expires=${new Date(0).toUTCString()}${secure ? '; Secure' : ''}`;
}

export function readCookie(name: string, env: CookieEnvironment = defaultEnvironment()): string | null {
  return readStored(storedCookieName(name, env.secure), env);
}

/**
 * Moves a cookie an earlier version stored as `__Secure-<name>` (secure pages only) to its
 * current name: read the old one, write the new one (unless it exists already: it is newer),
 * delete the old one. The old expiry cannot be read, so the new cookie lasts `expiryDays`.
 * Returns whether there was anything to move.
 */
export function migrateLegacyCookie(
  name: string,
  expiryDays: number,
  env: CookieEnvironment = defaultEnvironment(),
): boolean {
  if (!env.secure) return false;
  const legacy = readStored(legacyCookieName(name), env);
  if (legacy === null) return false;
  if (readCookie(name, env) === null) writeCookie(name, legacy, { expiryDays }, env);
  // Deleted with the attributes it was written with (spec section 9: Path=/, SameSite=Lax, Secure).
  expire(legacyCookieName(name), true, 'Lax', env);
  return true;
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

/** Removes a cookie by giving it an expiry in the past; on a secure page its __Secure- copy too, if any. */
export function removeCookie(name: string, env: CookieEnvironment = defaultEnvironment()): void {
  env.document.cookie = `${storedCookieName(name, env.secure)}=; ${attributes(env.secure, new Date(0))}`;
  if (env.secure && readStored(legacyCookieName(name), env) !== null)
    expire(legacyCookieName(name), true, 'Lax', env);
}
