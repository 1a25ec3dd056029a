import { ReleaseError } from './errors.js';
import { liveHostFolder } from './host/hostConfig.js';
import type { LockSettings } from './lock/releaseLock.js';
import type { ReleaseDir } from './releaseDir.js';
import { findRemote, type Remote, remoteNames } from './remotes.js';

/** What every command works on. */
export interface ReleaseContext {
  dir: ReleaseDir;
  /**
   * The host build a remote is checked against (the portal server's HOST_DIST), when given
   * (--host-dist, HOST_DIST). Otherwise it is the release host.json names, read when the check
   * runs (under the lock, for a promote), else `fallbackHostDist`.
   */
  hostDist?: string | undefined;
  /** The host build to check against when neither hostDist nor host.json names one (host/dist). */
  fallbackHostDist?: string;
  now: () => Date;
  /** How long a command that changes the release directory waits for another one's lock (ms). */
  lockWaitMs?: number;
  /** Told what the user should know while a command runs: a wait for the lock, a repair. */
  notify?: (message: string) => void;
}

/** A command that switches a build: the release log names who did it and where the tool ran. */
export interface SwitchContext extends ReleaseContext {
  /** Who is releasing (--by, $RELEASE_BY, $USER…: src/identity.ts). */
  by: string;
  /** The machine the tool runs on (default: os.hostname()). */
  hostname?: string;
}

/** The host build remote checks run against now (see ReleaseContext.hostDist). */
export function liveHostDist(context: ReleaseContext): string {
  const dist = context.hostDist ?? liveHostFolder(context.dir) ?? context.fallbackHostDist;
  if (dist === undefined)
    throw new ReleaseError('No host build to check against: pass --host-dist or promote a host release');
  return dist;
}

/** How a command of this context waits for the lock. */
export function lockSettings(context: ReleaseContext): LockSettings {
  return {
    ...(context.lockWaitMs === undefined ? {} : { waitMs: context.lockWaitMs }),
    ...(context.notify ? { notify: context.notify } : {}),
  };
}

export function resolveRemote(input: string): Remote {
  const remote = findRemote(input);
  if (!remote) throw new ReleaseError(`Unknown remote '${input}' (known: ${remoteNames.join(', ')}, host)`);
  return remote;
}
