import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';

/**
 * Network retries for manifests and remote entries: one quick retry rides out a dropped
 * connection; beyond that the screen shows its error banner and the user decides (Retry).
 */
export default function portalRetryPlugin(): ModuleFederationRuntimePlugin {
  return RetryPlugin({
    fetch: { retryTimes: 1, retryDelay: 300 },
    script: { retryTimes: 1, retryDelay: 300 },
  }) as ModuleFederationRuntimePlugin;
}
