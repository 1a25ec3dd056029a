import { ReleaseError } from './errors.js';
import { ReleaseLog } from './releaseLog.js';
import type { ReleaseDir } from './releaseDir.js';
import { findRemote, type Remote, remoteNames } from './remotes.js';

/** What every command works on. */
export interface ReleaseContext {
  dir: ReleaseDir;
  /** The live host's build (the portal server's HOST_DIST): its route table and shared versions. */
  hostDist: string;
  /** Who is releasing ($USER or --by), for the log. */
  by: string;
  now: () => Date;
}

export function releaseLog(context: ReleaseContext): ReleaseLog {
  return new ReleaseLog(context.dir.logFile);
}

export function resolveRemote(input: string): Remote {
  const remote = findRemote(input);
  if (!remote) throw new ReleaseError(`Unknown remote '${input}' (known: ${remoteNames.join(', ')}, host)`);
  return remote;
}
