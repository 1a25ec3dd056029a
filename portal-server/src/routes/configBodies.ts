import type { PortalServerConfig } from '../config.js';
import { PROXY_PREFIX } from '../proxy/proxyTarget.js';
import type { ProductConfig } from '../productConfig.js';

/** The body of GET /v1/config/environment. */
export interface EnvironmentBody {
  riskType: PortalServerConfig['riskType'];
  baseServiceUrl: string;
}

/**
 * The one place both the environment route and the first-load bootstrap block take their body from,
 * so what the SPA reads inline can never differ from what it would have fetched.
 */
export function environmentBody(
  config: Pick<PortalServerConfig, 'riskType' | 'serviceUrl'>,
  publicOrigin: string,
): EnvironmentBody {
  return { riskType: config.riskType, baseServiceUrl: serviceUrlOf(config, publicOrigin) };
}

/**
 * The browser's service URL: SERVICE_URL when set, else this server's proxy on its public origin
 * (the default: sign-in replies reach the page only through token custody, tokens/proxiedSignIn.ts).
 */
export function serviceUrlOf(config: Pick<PortalServerConfig, 'serviceUrl'>, publicOrigin: string): string {
  return config.serviceUrl ?? new URL(PROXY_PREFIX, publicOrigin).href;
}

/** The body of GET /v1/config/portal (shared with the bootstrap block for the same reason). */
export function portalConfigBody(product: ProductConfig): ProductConfig {
  return product;
}
