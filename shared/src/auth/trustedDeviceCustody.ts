import { forgetTrustedDevice, readTrustedDeviceId } from './deviceCookies';
import { proxyUrlAtom, serviceUrlAtom } from '../session/atoms';
import type { PortalStore } from '../session/store';
import type { CookieEnvironment } from '../storage/cookies';

/**
 * Who keeps the trusted-device id (handbook, Cookies: a cookie that lets a device skip a factor is
 * HttpOnly wherever the portal server can attach it itself). When the service URL is the portal's
 * proxy, every sign-in call goes through the portal server, which keeps the id in an HttpOnly
 * cookie, puts it into the authenticate request and takes it out of every reply (portal-server
 * proxy/trustedDeviceCookie): the page writes and reads no tdi- cookie of its own. When the page
 * calls the SSO directly, the SSO's replies never pass the portal server and the page keeps the
 * id as before (auth/trustedDevice).
 */
export function serverKeepsTrustedDevice(
  store: PortalStore,
  pageOrigin = globalThis.location?.origin,
): boolean {
  const serviceUrl = store.get(serviceUrlAtom);
  if (!serviceUrl || !pageOrigin) return false;
  try {
    return new URL(serviceUrl, pageOrigin).href === new URL(store.get(proxyUrlAtom), pageOrigin).href;
  } catch {
    return false;
  }
}

/**
 * The id the authenticate request carries from the page: its own cookie's, or none when the server
 * keeps it. There a copy an earlier direct-to-SSO setting left is removed: it is script-readable.
 */
export function pageTrustedDeviceId(
  store: PortalStore,
  userName: string,
  env?: CookieEnvironment,
): string | null {
  if (!serverKeepsTrustedDevice(store)) return readTrustedDeviceId(userName, env);
  if (readTrustedDeviceId(userName, env) !== null) forgetTrustedDevice(userName, env);
  return null;
}
