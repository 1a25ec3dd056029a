import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { integrityFor } from './remoteIntegrity';

/**
 * Subresource Integrity for what the federation runtime loads itself (each remote's
 * remoteEntry.js, and any stylesheet or script it preloads): the element is created here with
 * CORS and the file's sha384 from the remote's verified manifest, so a file whose bytes changed is
 * refused by the browser before it runs, and the failure reaches the remote-failure banner. A URL
 * the page knows no hash for gets one no file has. The remote's own chunks and stylesheets carry
 * their hashes in remoteEntry.js (tooling/src/appConfig.ts, SubresourceIntegrityPlugin).
 */
export default function portalIntegrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-remote-integrity',
    createScript({ url }) {
      const script = document.createElement('script');
      script.crossOrigin = 'anonymous';
      script.integrity = integrityFor(url);
      script.src = url;
      return script;
    },
    createLink({ url, attrs }) {
      const link = document.createElement('link');
      for (const [name, value] of Object.entries(attrs ?? {})) {
        if (typeof value === 'string') link.setAttribute(name, value);
      }
      link.crossOrigin = 'anonymous';
      link.integrity = integrityFor(url);
      link.href = url;
      return link;
    },
  };
}
