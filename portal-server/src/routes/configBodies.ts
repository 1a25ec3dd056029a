import type { PortalServerConfig } from '../config.js';
import type { ProductConfig } from '../productConfig.js';
import { PROXY_PREFIX } from '../proxy/proxyTarget.js';

/** The body of GET /v1/config/environment. */
export interface EnvironmentBody {
  riskType: PortalServerConfig['riskType'];
  baseServiceUrl: string;
  /** The SSO's own tenant URL: where the oauth2 hand-back (authcomplete) goes (see ssoUrlFor). */
  ssoUrl: string;
}

/** Whether a service URL is the portal's own proxy (/common/portal/proxy/, absolute or not). */
function isProxy(serviceUrl: string): boolean {
  return new URL(serviceUrl, 'http://portal.invalid').pathname === PROXY_PREFIX;
}

/**
 * The SSO's tenant URL as the browser reaches it. authcomplete is a top-level navigation that
 * must reach the SSO itself, with the browser's SSO cookies: through the proxy it would reach no
 * rule, carry no SSO cookie and set the SSO session on the portal's origin. So with the proxy as
 * SERVICE_URL the page is told SSO_BASE_URL (which must then be the address browsers reach the SSO
 * at); otherwise SERVICE_URL is the SSO.
 */
export function ssoUrlFor(config: Pick<PortalServerConfig, 'serviceUrl' | 'ssoBaseUrl'>): string {
  return isProxy(config.serviceUrl) ? config.ssoBaseUrl : config.serviceUrl;
}

/**
 * The one place both the environment route and the first-load bootstrap block take their body from,
 * so what the SPA reads inline can never differ from what it would have fetched.
 */
export function environmentBody(
  config: Pick<PortalServerConfig, 'riskType' | 'serviceUrl' | 'ssoBaseUrl'>,
): EnvironmentBody {
  return { riskType: config.riskType, baseServiceUrl: config.serviceUrl, ssoUrl: ssoUrlFor(config) };
}

/** The body of GET /v1/config/portal (shared with the bootstrap block for the same reason). */
export function portalConfigBody(product: ProductConfig): ProductConfig {
  return product;
}
