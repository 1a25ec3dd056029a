import { rmSync } from 'node:fs';
import { lockSettings, type ReleaseContext, resolveRemote } from './context.js';
import { ReleaseError } from './errors.js';
import { HOST, HOST_PKG } from './host/hostBuild.js';
import { ReleaseState } from './releaseState.js';
import { underLock } from './switch/underLock.js';

/** Why a release folder stays. */
export type KeepReason = 'live' | 'canary' | 'rollback target' | 'recently staged';

export interface PruneResult {
  /** A remote's name, or host. */
  remote: string;
  /** How many earlier live builds and how many newest staged folders were kept. */
  keep: number;
  kept: { release: string; why: KeepReason[] }[];
  /** Deleted, or with --dry-run what would be. */
  removed: string[];
  dryRun: boolean;
}

export const DEFAULT_KEEP = 3;

/**
 * Deletes a remote's release folders that nothing can need any more. Kept:
 * - the live build and a canary's build (remotes.json);
 * - the `keep` builds live before it, as the release log tells: what `rollback` goes back to, and
 *   what pages opened before a promotion still load their lazy chunks from;
 * - the `keep` folders staged last: a build staged and not yet promoted.
 * remotes.json and the log are not changed. A folder remotes.json names is never deleted, even one
 * outside these rules (a build set by hand). It decides and deletes under the release directory's
 * lock, so no promote can make a folder live while it is being deleted; --dry-run takes no lock.
 */
export function prune(
  context: ReleaseContext,
  remoteInput: string,
  { keep = DEFAULT_KEEP, dryRun = false }: { keep?: number; dryRun?: boolean } = {},
): PruneResult {
  const { dir } = context;
  dir.assertExists();
  if (!Number.isInteger(keep) || keep < 1) {
    throw new ReleaseError(`--keep takes a whole number of builds from 1 up, not '${keep}'`);
  }
  const remote = remoteInput === HOST ? { name: HOST, pkg: HOST_PKG } : resolveRemote(remoteInput);
  if (dryRun) return pruneNow(context, remote, keep, true);
  return underLock(dir, `prune ${remote.name}`, lockSettings(context), () =>
    pruneNow(context, remote, keep, false),
  );
}

function pruneNow(
  context: ReleaseContext,
  remote: { name: string; pkg: string },
  keep: number,
  dryRun: boolean,
): PruneResult {
  const { dir } = context;
  const state = ReleaseState.read(dir);
  // The host's builds (host.json) are pruned by the same rules as a remote's (remotes.json).
  let liveRelease: string | undefined;
  let canaryRelease: string | undefined;
  if (remote.name === HOST) {
    const live = state.host();
    liveRelease = live?.release;
    canaryRelease = live?.canary?.release;
  } else {
    const found = resolveRemote(remote.name);
    const live = state.config().entry(found.name);
    liveRelease = live ? dir.releaseOf(found, live.manifest) : undefined;
    canaryRelease = live?.canary ? dir.releaseOf(found, live.canary.manifest) : undefined;
  }
  const reasons = new Map<string, KeepReason[]>();
  const mark = (release: string | undefined, why: KeepReason) => {
    if (!release) return;
    const list = reasons.get(release) ?? [];
    if (!list.includes(why)) list.push(why);
    reasons.set(release, list);
  };

  mark(liveRelease, 'live');
  mark(canaryRelease, 'canary');

  const earlier = state.log
    .liveHistory(remote.name)
    .map((build) => build.release)
    .filter((release) => release !== liveRelease);
  const distinctEarlier = [...new Set(earlier.reverse())].slice(0, keep);
  for (const release of distinctEarlier) mark(release, 'rollback target');

  const staged = dir.releases(remote);
  for (const release of staged.slice(-keep)) mark(release, 'recently staged');

  const removed = staged.filter((release) => !reasons.has(release));
  if (!dryRun) {
    for (const release of removed) rmSync(dir.folderOf(remote, release), { recursive: true, force: true });
  }
  return {
    remote: remote.name,
    keep,
    kept: staged
      .filter((release) => reasons.has(release))
      .map((release) => ({
        release,
        why: reasons.get(release) ?? [],
      })),
    removed,
    dryRun,
  };
}
