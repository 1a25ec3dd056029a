import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ReleaseContext, releaseLog, resolveRemote } from './context.js';
import { ReleaseError } from './errors.js';
import { readHostFacts } from './hostFacts.js';
import { fileSri } from './integrity.js';
import { MANIFEST_FILE } from './manifest.js';
import type { LoggedBuild } from './releaseLog.js';
import type { ReleaseDir } from './releaseDir.js';
import { type LiveEntry, RemotesConfig } from './remotesConfig.js';
import type { Remote } from './remotes.js';
import { requireVerified } from './verify.js';

export interface PromoteOptions {
  /** Serve the build to this percentage of new sessions only (1–99); the live build keeps the rest. */
  canary?: number;
  /** Append to the release log (stage-releases may promote without one). */
  log?: boolean;
}

export interface PromoteResult {
  /** A remote's name, or host. */
  remote: string;
  action: 'promote' | 'canary';
  from: LoggedBuild | null;
  to: LoggedBuild;
  percent?: number;
  /** false when remotes.json already said exactly this. */
  changed: boolean;
}

/** The build a remotes.json entry names, as the log records it. */
export function loggedBuild(
  dir: ReleaseDir,
  remote: Remote,
  entry: { manifest: string; integrity?: string | undefined },
): LoggedBuild {
  return {
    release: dir.releaseOf(remote, entry.manifest) ?? entry.manifest,
    manifest: entry.manifest,
    ...(entry.integrity ? { integrity: entry.integrity } : {}),
  };
}

/** The live entry's integrity: recorded in remotes.json, or (an older bare URL) of its staged manifest. */
function liveIntegrity(dir: ReleaseDir, remote: Remote, live: LiveEntry): string {
  if (live.integrity) return live.integrity;
  const release = dir.releaseOf(remote, live.manifest);
  const manifest = release ? path.join(dir.folderOf(remote, release), MANIFEST_FILE) : undefined;
  if (manifest && existsSync(manifest)) return fileSri(manifest);
  throw new ReleaseError(
    `The live ${remote.name} (${live.manifest}) is not a build of this release directory: promote a staged build first`,
  );
}

/**
 * Verifies the build, then points remotes.json at it (every other entry kept as it is, the file
 * replaced atomically) and logs who switched what when. With a canary the live build stays and
 * the new one is named for `canary` % of new sessions; a full promote ends any canary.
 */
export function promote(
  context: ReleaseContext,
  remoteInput: string,
  release: string,
  options: PromoteOptions = {},
): PromoteResult {
  const { dir } = context;
  dir.assertExists();
  const remote = resolveRemote(remoteInput);
  const { canary } = options;
  if (canary !== undefined && !(Number.isInteger(canary) && canary >= 1 && canary <= 99)) {
    throw new ReleaseError(`--canary takes a whole percentage from 1 to 99, not '${canary}'`);
  }
  const config = RemotesConfig.read(dir.remotesFile);
  const live = config.entry(remote.name);
  const target = requireVerified(dir, remote, release, readHostFacts(context.hostDist));
  const to: LoggedBuild = { release, manifest: target.manifest, integrity: target.integrity };
  const from = live ? loggedBuild(dir, remote, live) : null;

  let next: RemotesConfig;
  let changed = true;
  if (canary !== undefined) {
    if (!live)
      throw new ReleaseError(`${remote.name} has no live build to run a canary beside: promote one first`);
    if (live.manifest === target.manifest)
      throw new ReleaseError(`${remote.name} ${release} is already live`);
    changed =
      live.canary?.manifest !== target.manifest ||
      live.canary.integrity !== target.integrity ||
      live.canary.percent !== canary;
    next = config.with(remote.name, {
      manifest: live.manifest,
      integrity: liveIntegrity(dir, remote, live),
      canary: { manifest: target.manifest, integrity: target.integrity, percent: canary },
    });
  } else {
    changed = !(
      live &&
      live.manifest === target.manifest &&
      live.integrity === target.integrity &&
      !live.canary
    );
    next = config.with(remote.name, { manifest: target.manifest, integrity: target.integrity });
  }
  const action = canary === undefined ? 'promote' : 'canary';
  if (changed) {
    next.write();
    // Rewriting the same build (a bare URL gaining its integrity) changes nothing live: no log line.
    const switched = canary !== undefined || live?.manifest !== target.manifest || Boolean(live?.canary);
    if (options.log !== false && switched) {
      releaseLog(context).append({
        at: context.now().toISOString(),
        by: context.by,
        remote: remote.name,
        action,
        from,
        to,
        ...(canary === undefined ? {} : { percent: canary }),
      });
    }
  }
  return {
    remote: remote.name,
    action,
    from,
    to,
    ...(canary === undefined ? {} : { percent: canary }),
    changed,
  };
}
