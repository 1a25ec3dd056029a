import type { ApiClient, createApiClient } from '@portal/shared/transport';
import { createStore } from 'jotai';

type Store = ReturnType<typeof createStore>;

let store: Store = createStore();
let client: ApiClient | null = null;

/** The store and API client the current test sees as `portalStore` and `api` (setup.ts). */
export const freshPortalStore = {
  store: (): Store => store,
  client(create: typeof createApiClient): ApiClient {
    client ??= create({ store });
    return client;
  },
  /** A new store, and a client bound to it on first use. */
  renew(): void {
    store = createStore();
    client = null;
  },
};
