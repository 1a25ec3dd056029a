import { existsSync } from 'node:fs';
import path from 'node:path';
import { liveHostDist, resolveRemote, type SwitchContext } from './context.js';
import { ReleaseError } from './errors.js';
import { readHostFacts } from './hostFacts.js';
import { fileSri } from './integrity.js';
import { recordedRevision } from './integrityRecord.js';
import { MANIFEST_FILE } from './manifest.js';
import type { ReleaseDir } from './releaseDir.js';
import type { LoggedBuild } from './releaseLog.js';
import type { ReleaseState } from './releaseState.js';
import type { LiveEntry } from './remotesConfig.js';
import type { Remote } from './remotes.js';
import { type Planned, runSwitch } from './switch/runSwitch.js';
import { switchEntry } from './switch/switchEntry.js';
import { requireVerified } from './verify.js';

export interface PromoteOptions {
  /** Serve the build to this percentage of new sessions only (1–99); the live build keeps the rest. */
  canary?: number;
  /** Check everything and answer what would change, writing nothing. */
  dryRun?: boolean;
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
  /** Only checked (--dry-run): nothing was written. */
  dryRun?: true;
}

/** Refuses a canary percentage outside 1–99. */
export function checkCanary(canary: number | undefined): void {
  if (canary !== undefined && !(Number.isInteger(canary) && canary >= 1 && canary <= 99)) {
    throw new ReleaseError(`--canary takes a whole percentage from 1 to 99, not '${canary}'`);
  }
}

/** The build a remotes.json entry names, as the log records it (its revision when staged here). */
export function loggedBuild(
  dir: ReleaseDir,
  remote: Remote,
  entry: { manifest: string; integrity?: string | undefined },
): LoggedBuild {
  const release = dir.releaseOf(remote, entry.manifest);
  return {
    release: release ?? entry.manifest,
    manifest: entry.manifest,
    ...(entry.integrity ? { integrity: entry.integrity } : {}),
    revision: release ? recordedRevision(dir.folderOf(remote, release)) : null,
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

/** What a promote of `release` does to the state it is given: every check, then the new remotes.json. */
function planPromote(
  context: SwitchContext,
  state: ReleaseState,
  remote: Remote,
  release: string,
  canary: number | undefined,
): Planned<PromoteResult> {
  const { dir } = context;
  const config = state.config();
  const live = config.entry(remote.name);
  const target = requireVerified(dir, remote, release, readHostFacts(liveHostDist(context)));
  const to: LoggedBuild = {
    release,
    manifest: target.manifest,
    integrity: target.integrity,
    revision: recordedRevision(dir.folderOf(remote, release)),
  };
  const from = live ? loggedBuild(dir, remote, live) : null;
  const action = canary === undefined ? 'promote' : 'canary';
  const result: PromoteResult = {
    remote: remote.name,
    action,
    from,
    to,
    ...(canary === undefined ? {} : { percent: canary }),
    changed: true,
  };

  if (canary !== undefined) {
    if (!live)
      throw new ReleaseError(`${remote.name} has no live build to run a canary beside: promote one first`);
    if (live.manifest === target.manifest)
      throw new ReleaseError(`${remote.name} ${release} is already live`);
    result.changed =
      live.canary?.manifest !== target.manifest ||
      live.canary.integrity !== target.integrity ||
      live.canary.percent !== canary;
    const next = config.with(remote.name, {
      manifest: live.manifest,
      integrity: liveIntegrity(dir, remote, live),
      canary: { manifest: target.manifest, integrity: target.integrity, percent: canary },
    });
    return {
      result,
      change: result.changed
        ? {
            file: 'remotes',
            text: next.text(),
            entry: switchEntry(context, { remote: remote.name, action, from, to, percent: canary }),
          }
        : undefined,
    };
  }
  result.changed = !(
    live &&
    live.manifest === target.manifest &&
    live.integrity === target.integrity &&
    !live.canary
  );
  // Rewriting the same build (a bare URL gaining its integrity) changes nothing live: no log line.
  const switched = live?.manifest !== target.manifest || Boolean(live?.canary);
  const next = config.with(remote.name, { manifest: target.manifest, integrity: target.integrity });
  return {
    result,
    change: result.changed
      ? {
          file: 'remotes',
          text: next.text(),
          entry: switched ? switchEntry(context, { remote: remote.name, action, from, to }) : undefined,
        }
      : undefined,
  };
}

/**
 * Verifies the build, then points remotes.json at it (every other entry kept as it is, the file
 * replaced atomically) and logs who switched what when, where, from which source revision. With a
 * canary the live build stays and the new one is named for `canary` % of new sessions; a full
 * promote ends any canary. The state is read and checked under the release directory's lock.
 */
export function promote(
  context: SwitchContext,
  remoteInput: string,
  release: string,
  options: PromoteOptions = {},
): PromoteResult {
  const remote = resolveRemote(remoteInput);
  const { canary } = options;
  checkCanary(canary);
  return runSwitch(context, `promote ${remote.name} ${release}`, options.dryRun, (state) =>
    planPromote(context, state, remote, release, canary),
  );
}
