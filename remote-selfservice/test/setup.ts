import { freshPortalStore } from '@portal/shared/test-support/freshStore';
import { vi } from 'vitest';
import type { SelfServiceClient } from '../src/api/client';

/*
 * The kernel's setup (@portal/shared/test-support/setup.ts) gives every test a new portal store;
 * this remote's client is bound to the store too, so it is made anew for each test's store, as
 * the kernel's own client is.
 */
vi.mock('../src/api/client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/api/client')>();
  let bound: { store: unknown; client: SelfServiceClient } | null = null;
  return {
    createSelfServiceClient: actual.createSelfServiceClient,
    get api() {
      const store = freshPortalStore.store();
      if (bound?.store !== store) bound = { store, client: actual.createSelfServiceClient({ store }) };
      return bound.client;
    },
  };
});
