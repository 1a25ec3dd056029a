import { portalStore } from '../session/store';
import { createAuthCalls } from './auth';
import { createEnvironmentCalls } from './environment';
import { createFidoCalls, type FidoDeps } from './fido';
import { createSend } from './request';
import { createTokenCalls } from './tokens';

export interface ApiClientDeps extends Partial<FidoDeps> {
  store: FidoDeps['store'];
}

/**
 * One typed function per call of spec section 7, all going through the one fetch wrapper.
 * A factory so tests can pass their own store, fetch and clock.
 */
export function createApiClient(options: ApiClientDeps) {
  const deps: FidoDeps = {
    store: options.store,
    // Late-bound so a test or polyfill that replaces globalThis.fetch is honoured.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: options.now ?? Date.now,
    origin: options.origin ?? (() => globalThis.location.origin),
  };
  const send = createSend(deps);
  return {
    ...createEnvironmentCalls(send),
    ...createTokenCalls(send, deps),
    ...createAuthCalls(send),
    ...createFidoCalls(send, deps),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The portal's client, bound to the shared store and the browser's fetch. */
export const api: ApiClient = createApiClient({ store: portalStore });
