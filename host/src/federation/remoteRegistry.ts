import { type ExposeAssets, planFromManifest, type RemotePlan, type RemotePlans } from './remotePlan';
import type { RemoteName } from './remotesConfig';
import { registerRemote } from './runtime';

/** The build of each remote this page uses, as the page learnt it at start. */
let plans: RemotePlans = {};
/** Remotes whose container entry is known to the federation runtime (or being looked up). */
const registered = new Map<RemoteName, Promise<RemotePlan>>();

/** Registers every remote whose entry is known; the others are looked up on first use. */
export function configureRemotes(next: RemotePlans): void {
  plans = next;
  registered.clear();
  for (const [name, plan] of Object.entries(next) as [RemoteName, RemotePlan][]) {
    if (plan.entry) {
      registerRemote(name, plan.entry);
      registered.set(name, Promise.resolve(plan));
    }
  }
}

export function isConfigured(remote: RemoteName): boolean {
  return plans[remote] !== undefined;
}

/** Registers the remote, reading its manifest first when the page was not told its entry. */
export function ensureRegistered(remote: RemoteName, signal?: AbortSignal): Promise<RemotePlan> {
  const known = registered.get(remote);
  if (known) return known;
  const plan = plans[remote];
  if (!plan) return Promise.reject(new Error(`${remote} is not configured in remotes.json`));
  const lookup = planFromManifest(plan.manifest, signal).then((resolved) => {
    plans[remote] = resolved;
    if (resolved.entry) registerRemote(remote, resolved.entry);
    return resolved;
  });
  lookup.catch(() => registered.delete(remote));
  registered.set(remote, lookup);
  return lookup;
}

/** The files of one screen of a remote, when known (to preload the screen the user needs next). */
export function exposeAssets(remote: RemoteName, expose: string): ExposeAssets | undefined {
  return plans[remote]?.exposes?.[expose];
}

/** Drops what the runtime cached about a failed remote (its entry) so the next load is real. */
export function resetRemote(remote: RemoteName): void {
  const plan = plans[remote];
  if (plan?.entry) {
    registerRemote(remote, plan.entry, true);
    registered.set(remote, Promise.resolve(plan));
  } else {
    registered.delete(remote);
  }
}
