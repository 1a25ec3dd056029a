// The stack helpers are shared with `npm start` and the benchmarks (scripts/stack.mjs).
import { freePort, type PortalStack, startStack } from '../../scripts/stack.mjs';

export { freePort, type PortalStack, repoRoot, startStack } from '../../scripts/stack.mjs';

/** The portal server's reverse proxy to the SSO (spec section 7: the fixed path /common/portal/proxy/). */
export const PROXY_PATH = '/common/portal/proxy/';

/**
 * A stack whose browser calls go through the portal server's proxy: SERVICE_URL is
 * `<portal origin>/common/portal/proxy/`, so the page talks to the SSO only on its own origin
 * (the oauth2 hand-back, a top-level navigation, still goes to the SSO itself).
 */
export async function startProxiedStack(portalEnv: Record<string, string> = {}): Promise<PortalStack> {
  const portalPort = await freePort();
  return startStack({
    portalPort,
    portalEnv: { SERVICE_URL: `http://localhost:${portalPort}${PROXY_PATH}`, ...portalEnv },
  });
}
