import type { Page } from '@playwright/test';

/**
 * Everything a script running in the page can read that might hold a secret, as one text: local
 * and session storage, document.cookie, history state, IndexedDB and Cache Storage names, the
 * page's own globals (JSON where they serialise), and the value of every atom of
 * the kernel's `@portal/shared/session` entry in the portal's store, reached as any script can reach them:
 * through the Module Federation share scope.
 */
export function scriptReadable(page: Page): Promise<string> {
  return page.evaluate(async () => {
    type ShareInfo = { loaded?: boolean; lib?: () => unknown; get?: () => Promise<() => unknown> };
    const federation = (
      window as unknown as {
        __FEDERATION__?: {
          __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareInfo>>>>;
        };
      }
    ).__FEDERATION__;
    const shared = async (name: string): Promise<Record<string, unknown> | undefined> => {
      for (const instance of Object.values(federation?.__SHARE__ ?? {})) {
        for (const scope of Object.values(instance)) {
          for (const info of Object.values(scope[name] ?? {})) {
            if (!info.loaded) continue;
            const module = info.lib ? info.lib() : info.get ? (await info.get())() : undefined;
            if (module && typeof module === 'object') return module as Record<string, unknown>;
          }
        }
      }
      return undefined;
    };
    const session = await shared('@portal/shared/session');
    const store = session?.portalStore as { get: (atom: unknown) => unknown } | undefined;
    if (!session || !store) throw new Error('the portal store is not reachable through the share scope');
    // The entry's atoms: jotai atoms are objects with a read function.
    const atoms = Object.entries(session).filter(
      ([, value]) =>
        typeof value === 'object' && value !== null && 'read' in value && typeof value.read === 'function',
    );
    const atomValues = atoms.map(([name, atom]) => `${name}=${JSON.stringify(store.get(atom) ?? null)}`);

    const entries = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => {
        const key = storage.key(i) ?? '';
        return `${key}=${storage.getItem(key) ?? ''}`;
      });
    const globals = Object.getOwnPropertyNames(window).flatMap((name) => {
      try {
        const value = (window as unknown as Record<string, unknown>)[name];
        if (typeof value === 'string') return [`${name}=${value}`];
        if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
          return [`${name}=${JSON.stringify(value).slice(0, 200_000)}`];
        }
      } catch {
        // cyclic or not serialisable: nothing a token would sit in as a string
      }
      return [];
    });
    const databases = 'databases' in indexedDB ? await indexedDB.databases() : [];
    const cacheNames = 'caches' in globalThis ? await caches.keys() : [];
    return [
      ...atomValues,
      ...entries(localStorage),
      ...entries(sessionStorage),
      `document.cookie=${document.cookie}`,
      `history.state=${JSON.stringify(history.state)}`,
      ...databases.map((db) => db.name ?? ''),
      ...cacheNames,
      ...globals,
    ].join('\n');
  });
}
