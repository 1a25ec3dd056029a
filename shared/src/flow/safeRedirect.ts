/**
 * Redirect guard (security notes, ASVS 3.7.2): the browser may only be sent to an origin the
 * portal is configured to trust. javascript:, data:, protocol-relative and foreign URLs are
 * refused, as is anything that does not parse.
 */

const ALLOWED_PROTOCOLS = new Set(['https:', 'http:']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * A base URL as the directory it names, the way the API client joins paths onto the service URL
 * ('http://sso/default' and 'http://sso/default/' both mean the tenant 'default'), so a relative
 * address resolves inside it instead of replacing its last segment.
 */
export function asDirectoryUrl(base: string): string {
  try {
    const url = new URL(base.trim());
    if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
    url.search = '';
    url.hash = '';
    return url.href;
  } catch {
    return base;
  }
}

/**
 * The absolute URL to go to, or null when the candidate must not be followed.
 * @param candidate the address from the server (absolute, or relative to `base`)
 * @param allowedOrigins origins (or base URLs) the portal trusts, e.g. the service URL
 * @param base resolves a relative candidate; defaults to the first allowed origin
 */
export function safeRedirectUrl(
  candidate: string | null | undefined,
  allowedOrigins: readonly string[],
  base?: string,
): string | null {
  if (!candidate) return null;
  const trimmed = candidate.trim();
  // '//host' and '\\host' are read by browsers as "same protocol, other host".
  if (/^[\\/]{2}/.test(trimmed) || /^\/\\/.test(trimmed)) return null;
  const allowed = new Set(allowedOrigins.map(originOf).filter((origin): origin is string => origin !== null));
  const resolveAgainst = base ?? allowedOrigins[0];
  let target: URL;
  try {
    target = resolveAgainst === undefined ? new URL(trimmed) : new URL(trimmed, resolveAgainst);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(target.protocol)) return null;
  if (target.username || target.password) return null;
  return allowed.has(target.origin) ? target.href : null;
}
