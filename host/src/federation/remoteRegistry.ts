import { rememberFileIntegrity } from './remoteIntegrity';
import { planFromManifest, type RemotePlan, type RemotePlans } from './remotePlan';
import type { RemoteName } from './remotesConfig';
import { registerRemote } from './runtime';

/** The build of each remote this page uses, as the page learnt it at start. */
let plans: RemotePlans = {};
/** Remotes whose container entry is known to the federation runtime (or being looked up). */
const registered = new Map<RemoteName, Promise<RemotePlan>>();

/**
 * The page renders at once; a screen that needs a remote waits here until start-up knows the
 * remotes (at once with the server's plan; after remotes.json otherwise). The wait is bounded by
 * the screen's load timeout, after which the remote-failure banner offers Retry.
 */
let markConfigured: () => void = () => undefined;
let configured = new Promise<void>((resolve) => {
  markConfigured = resolve;
});
/** How to read the configuration again (Retry after remotes.json could not be read). */
let reread: (() => Promise<RemotePlans>) | null = null;

/**
 * The remote's container entry, when the page knows it with its sha384 (from a manifest whose
 * bytes matched remotes.json): only then may the runtime load it. The hashes of its files are
 * handed to the integrity plugin, which puts them on the elements it creates.
 */
function verifiedEntry(plan: RemotePlan): string | undefined {
  if (!plan.entry || !plan.files || !Object.hasOwn(plan.files, plan.entry)) return undefined;
  rememberFileIntegrity(plan.files);
  return plan.entry;
}

/** Registers every remote whose entry is known and verified; the others are looked up on first use. */
export function configureRemotes(
  next: RemotePlans,
  rereadConfig: (() => Promise<RemotePlans>) | null = null,
): void {
  plans = next;
  reread = rereadConfig;
  registered.clear();
  for (const [name, plan] of Object.entries(next) as [RemoteName, RemotePlan][]) {
    const entry = verifiedEntry(plan);
    if (entry) {
      registerRemote(name, entry);
      registered.set(name, Promise.resolve(plan));
    }
  }
  markConfigured();
}

/** The manifest of the build of `remote` this page uses (undefined: the configuration names none). */
export function plannedManifest(remote: RemoteName): string | undefined {
  return plans[remote]?.manifest;
}

/**
 * Registers the remote, reading its manifest first when the page was not told its entry: a
 * manifest whose bytes do not have remotes.json's sha384 is refused, and nothing of it runs.
 */
export async function ensureRegistered(remote: RemoteName, signal?: AbortSignal): Promise<RemotePlan> {
  await configured;
  const known = registered.get(remote);
  if (known) return known;
  const plan = plans[remote];
  if (!plan) throw new Error(`${remote} is not configured in remotes.json`);
  const lookup = planFromManifest(plan.manifest, plan.integrity, signal).then((resolved) => {
    const entry = verifiedEntry(resolved);
    if (!entry) throw new Error(`${remote}: its manifest names no verifiable entry`);
    plans[remote] = resolved;
    registerRemote(remote, entry);
    return resolved;
  });
  lookup.catch(() => registered.delete(remote));
  registered.set(remote, lookup);
  return lookup;
}

/**
 * Before a Retry: drops what the runtime cached about a failed remote (its entry) so the next
 * load is real; a remote the configuration never named makes start-up read the configuration again.
 */
export function resetRemote(remote: RemoteName): void {
  const plan = plans[remote];
  const entry = plan ? verifiedEntry(plan) : undefined;
  if (plan && entry) {
    registerRemote(remote, entry, true);
    registered.set(remote, Promise.resolve(plan));
  } else if (plan) {
    registered.delete(remote);
  } else if (reread) {
    const again = reread;
    configured = again().then(
      (next) => configureRemotes(next, again),
      () => undefined,
    );
  }
}
