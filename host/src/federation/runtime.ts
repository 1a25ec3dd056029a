import { getInstance } from '@module-federation/enhanced/runtime';

/**
 * The one module that talks to the federation runtime, so unit tests can mock it
 * (vitest cannot resolve federated imports).
 */
function instance() {
  const federation = getInstance();
  if (!federation) throw new Error('The federation runtime is not initialised.');
  return federation;
}

/** Registers a remote by its container entry (remoteEntry.js): no manifest round trip. */
export function registerRemote(name: string, entryUrl: string, force = false): void {
  instance().registerRemotes([{ name, entry: entryUrl, type: 'global' }], { force });
}

/** './UserId' (as in the remote's build config) → 'UserId' (as the runtime's ids want it). */
const exposeName = (expose: string) => expose.replace(/^\.\//, '');

export async function loadExpose(remote: string, expose: string): Promise<unknown> {
  return instance().loadRemote(`${remote}/${exposeName(expose)}`);
}
