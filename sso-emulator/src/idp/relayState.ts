import type { EmulatorConfig } from '../config.js';
import { errors } from '../http/apiError.js';

/** The relay state is where the browser returns: it must be an http(s) URL on a configured portal origin. */
export function requirePortalUrl(config: EmulatorConfig, value: string | undefined, field: string): URL {
  let url: URL | undefined;
  try {
    url = value ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !config.portalOrigins.includes(url.origin)) {
    throw errors.badRequest(`Invalid request field ${field}: must be a URL on a configured portal origin`);
  }
  return url;
}
