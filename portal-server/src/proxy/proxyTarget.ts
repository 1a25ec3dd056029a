export const PROXY_PREFIX = '/common/portal/proxy/';

/**
 * Maps /common/portal/proxy/<rest> to {SSO_BASE_URL}<rest>, query included. Returns undefined when
 * the result would leave the SSO base (dot segments, another host), so the proxy is no open relay.
 */
export function proxyTarget(ssoBaseUrl: string, requestUrl: string): URL | undefined {
  if (!requestUrl.startsWith(PROXY_PREFIX)) return undefined;
  const base = new URL(ssoBaseUrl);
  let target: URL;
  try {
    target = new URL(`${base.href}${requestUrl.slice(PROXY_PREFIX.length)}`);
  } catch {
    return undefined;
  }
  if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) return undefined;
  return target;
}

/** Whether the browser's service URL (absolute, or relative to the portal) is this portal's proxy. */
export function serviceUrlIsProxy(serviceUrl: string, publicOrigin: string): boolean {
  try {
    return new URL(serviceUrl, publicOrigin).href === new URL(PROXY_PREFIX, publicOrigin).href;
  } catch {
    return false;
  }
}
