import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileSri } from '../integrity.js';
import { INTEGRITY_FILE, recordedRevision } from '../integrityRecord.js';
import { type LogEntry, switchedBy } from '../releaseLog.js';
import type { ReleaseDir } from '../releaseDir.js';
import type { BuildStatus, RemoteStatus } from '../status.js';
import { HOST, HOST_PKG } from './hostBuild.js';
import type { HostEntry } from './hostConfig.js';
import { hostFolderProblems, recordPath } from './hostVerify.js';

/** Problems of a host build host.json names: missing, not the files staged, or not the integrity given. */
function problemsOf(dir: ReleaseDir, build: { release: string; integrity: string }): string[] {
  const folder = dir.folderOf({ pkg: HOST_PKG }, build.release);
  if (!existsSync(folder)) return [`its folder ${folder} is missing`];
  const record = path.join(folder, INTEGRITY_FILE);
  if (existsSync(record) && fileSri(record) !== build.integrity)
    return [`${INTEGRITY_FILE} does not match the integrity host.json gives`];
  return hostFolderProblems(folder);
}

const revisionOf = (dir: ReleaseDir, release: string) =>
  recordedRevision(dir.folderOf({ pkg: HOST_PKG }, release));

/** The host's line of `status`: what host.json names, since when (the log), and any canary. */
export function hostStatus(
  dir: ReleaseDir,
  entry: HostEntry | undefined,
  entries: readonly LogEntry[],
): RemoteStatus | undefined {
  if (!entry) return undefined;
  const live: BuildStatus = {
    release: entry.release,
    manifest: recordPath(entry.release),
    revision: revisionOf(dir, entry.release),
    problems: problemsOf(dir, entry),
  };
  const made = entries.findLast(
    (item) =>
      item.remote === HOST &&
      (item.action === 'promote' || item.action === 'rollback') &&
      item.to.release === entry.release,
  );
  if (made) Object.assign(live, switchedBy(made));
  const result: RemoteStatus = { remote: HOST, live };
  if (made?.from && made.from.release !== entry.release) {
    result.previous = { release: made.from.release, manifest: made.from.manifest, until: made.at };
  }
  if (entry.canary) {
    const { canary } = entry;
    const started = entries.findLast(
      (item) => item.remote === HOST && item.action === 'canary' && item.to.release === canary.release,
    );
    result.canary = {
      release: canary.release,
      manifest: recordPath(canary.release),
      percent: canary.percent,
      revision: revisionOf(dir, canary.release),
      ...(started ? switchedBy(started) : {}),
      problems: problemsOf(dir, canary),
    };
  }
  return result;
}
