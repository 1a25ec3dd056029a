import type { PortalServerConfig } from '../config.js';
import type { ProductConfig } from '../productConfig.js';
import type { ThemeBrand } from '../theme/loadTheme.js';
import { PROXY_PREFIX, serviceUrlIsProxy } from '../proxy/proxyTarget.js';

/** The body of GET /v1/config/environment. */
export interface EnvironmentBody {
  riskType: PortalServerConfig['riskType'];
  baseServiceUrl: string;
  /** The SSO's own tenant URL: where the oauth2 hand-back (authcomplete) goes (see ssoUrlFor). */
  ssoUrl: string;
  /**
   * Our addition, present only with PSEUDO_LOCALES=on (tests): the language picker also offers the
   * pseudo-locales (host/src/shell/pseudoLocales.ts). Absent: it offers the portal's locales only.
   */
  pseudoLocales?: true;
}

/**
 * The SSO's tenant URL as the browser reaches it. authcomplete is a top-level navigation that
 * must reach the SSO itself, with the browser's SSO cookies: through the proxy it would reach no
 * rule, carry no SSO cookie and set the SSO session on the portal's origin. So with the proxy as
 * SERVICE_URL the page is told SSO_BASE_URL (which must then be the address browsers reach the SSO
 * at); otherwise SERVICE_URL is the SSO.
 */
export function ssoUrlFor(
  config: Pick<PortalServerConfig, 'serviceUrl' | 'ssoBaseUrl'>,
  publicOrigin: string,
): string {
  const serviceUrl = serviceUrlOf(config, publicOrigin);
  return serviceUrlIsProxy(serviceUrl, publicOrigin) ? config.ssoBaseUrl : serviceUrl;
}

/**
 * The one place both the environment route and the first-load bootstrap block take their body from,
 * so what the SPA reads inline can never differ from what it would have fetched.
 */
export function environmentBody(
  config: Pick<PortalServerConfig, 'riskType' | 'serviceUrl' | 'ssoBaseUrl' | 'pseudoLocales'>,
  publicOrigin: string,
): EnvironmentBody {
  return {
    riskType: config.riskType,
    baseServiceUrl: serviceUrlOf(config, publicOrigin),
    ssoUrl: ssoUrlFor(config, publicOrigin),
    ...(config.pseudoLocales ? { pseudoLocales: true } : {}),
  };
}

/**
 * The browser's service URL: SERVICE_URL when set, else this server's proxy on its public origin
 * (the default: sign-in replies reach the page only through token custody, tokens/proxiedSignIn.ts).
 */
export function serviceUrlOf(config: Pick<PortalServerConfig, 'serviceUrl'>, publicOrigin: string): string {
  return config.serviceUrl ?? new URL(PROXY_PREFIX, publicOrigin).href;
}

/**
 * The body of GET /v1/config/portal: the product configuration, and what the header shows of the
 * theme (`theme: { productName?, logoUrl? }`, only when the theme names either; the page's
 * @portal/shared PortalConfigSchema reads it).
 */
export type PortalConfigBody = ProductConfig & { theme?: ThemeBrand };

/** The body of GET /v1/config/portal (shared with the bootstrap block for the same reason). */
export function portalConfigBody(product: ProductConfig, brand: ThemeBrand = {}): PortalConfigBody {
  return Object.keys(brand).length > 0 ? { ...product, theme: brand } : product;
}
