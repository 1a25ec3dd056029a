import type { PortalServerConfig } from '../config.js';
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
): EnvironmentBody {
  return { riskType: config.riskType, baseServiceUrl: config.serviceUrl };
}

/** The body of GET /v1/config/portal (shared with the bootstrap block for the same reason). */
export function portalConfigBody(product: ProductConfig): ProductConfig {
  return product;
}
