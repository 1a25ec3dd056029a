/**
 * URL rules for everything the first-load plan emits: only http(s) URLs or absolute paths ever
 * reach an href or the bootstrap block, and same-origin URLs are written as paths.
 */

/** An absolute path on this origin: "/x", never "//host/x" or "/\host" (both leave the origin). */
export function isAbsolutePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

export function isHttpUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

/** An href the page may carry: an absolute path or an absolute http(s) URL. */
export function isSafeHref(value: string): boolean {
  if (isAbsolutePath(value)) return true;
  try {
    return isHttpUrl(new URL(value));
  } catch {
    return false;
  }
}

/** The form the page uses: a path for the portal's own origin, the full URL for any other. */
export function toHref(url: URL, publicOrigin: string): string | undefined {
  if (!isHttpUrl(url)) return undefined;
  return url.origin === publicOrigin ? `${url.pathname}${url.search}` : url.href;
}
