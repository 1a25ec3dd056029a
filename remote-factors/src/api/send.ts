import { createSend, type Send } from '@portal/shared/transport';
import { portalStore } from '@portal/shared/session';

/**
 * The kernel's transport (tokens, flow state, transaction id, interceptors) for this remote's
 * calls, bound to the portal's store when each call is made: the store is read at call time, so
 * a test's fresh store (shared test-support) is the one the call sees.
 */
export const send: Send = (spec) =>
  createSend({
    store: portalStore,
    // Late-bound so a test or polyfill that replaces globalThis.fetch is honoured.
    fetch: (input, init) => globalThis.fetch(input, init),
    now: Date.now,
  })(spec);
