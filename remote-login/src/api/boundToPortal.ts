import { createSend, type Send } from '@portal/shared/transport';
import { type PortalStore, portalStore } from '@portal/shared/session';

/**
 * A set of calls bound to the portal's one store and the browser's fetch (late-bound, so a test or
 * polyfill that replaces globalThis.fetch is honoured), through the kernel's one fetch wrapper.
 * The store is read at each use, not at import: the page has one, but unit tests give every test
 * its own.
 */
export function boundToPortal<T>(create: (store: PortalStore, send: Send) => T): () => T {
  let bound: { store: PortalStore; calls: T } | null = null;
  return () => {
    if (bound?.store !== portalStore) {
      const send = createSend({
        store: portalStore,
        fetch: (input, init) => globalThis.fetch(input, init),
        now: () => Date.now(),
      });
      bound = { store: portalStore, calls: create(portalStore, send) };
    }
    return bound.calls;
  };
}
