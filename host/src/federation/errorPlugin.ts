import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { recordRemoteFailure } from './remoteFailures';

function remoteNameOf(id: string): string {
  return id.split('/')[0] ?? id;
}

/**
 * errorLoadRemote: note which remote failed and at which stage (manifest, entry, expose),
 * then let the failure reach the screen's error boundary. No fallback module is returned on
 * purpose: a sign-in step whose screen failed must stop the flow, never be skipped.
 */
export default function portalErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-errors',
    errorLoadRemote(args) {
      const message = args.error instanceof Error ? args.error.message : String(args.error);
      const remote =
        'remote' in args && args.remote && typeof args.remote === 'object' && 'name' in args.remote
          ? String(args.remote.name)
          : remoteNameOf(String(args.id));
      recordRemoteFailure(remote, { lifecycle: String(args.lifecycle), message });
      console.warn(`[portal] remote ${remote} failed during ${String(args.lifecycle)}: ${message}`);
      return undefined;
    },
  };
}
