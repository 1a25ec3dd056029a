import { createSend } from '@portal/shared/transport';
import { portalStore } from '@portal/shared/session';
import { createCredentialCalls } from './credentials';
import { createRecoveryCodeCalls } from '../recoveryCodes/recoveryCodeCalls';
import { createRegistrationCalls, type RegistrationDeps } from './registration';

export interface SelfServiceClientDeps extends Partial<RegistrationDeps> {
  store: RegistrationDeps['store'];
}

/**
 * remote-selfservice's calls (spec section 7: the credential list and its changes, the
 * registrations), through the kernel's one fetch wrapper. A factory so tests can pass their own
 * store, fetch and clock.
 */
export function createSelfServiceClient(options: SelfServiceClientDeps) {
  const deps: RegistrationDeps = {
    store: options.store,
    // Late-bound so a test or polyfill that replaces globalThis.fetch is honoured.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: options.now ?? Date.now,
    origin: options.origin ?? (() => globalThis.location.origin),
  };
  const send = createSend(deps);
  return {
    ...createCredentialCalls(send),
    ...createRegistrationCalls(send, deps),
    ...createRecoveryCodeCalls(send),
  };
}

export type SelfServiceClient = ReturnType<typeof createSelfServiceClient>;

/** The remote's client, bound to the portal's one store and the browser's fetch. */
export const api: SelfServiceClient = createSelfServiceClient({ store: portalStore });
