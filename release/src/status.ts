import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildHealth } from './canary/buildHealth.js';
import { checkIntegrity } from './checks.js';
import type { ReleaseContext } from './context.js';
import { hostStatus } from './host/hostStatus.js';
import { sri } from './integrity.js';
import { readIntegrityRecord, recordedRevision } from './integrityRecord.js';
import { MANIFEST_FILE, parseManifest } from './manifest.js';
import type { ReleaseDir } from './releaseDir.js';
import { switchedBy } from './releaseLog.js';
import { ReleaseState } from './releaseState.js';
import { findRemote, type Remote } from './remotes.js';

export interface BuildStatus {
  release: string;
  manifest: string;
  /** The source revision its folder was staged from (null: not recorded; undefined: not staged here). */
  revision?: string | null;
  /** When, by whom and on which machine it became live (or started as a canary), if the log knows. */
  since?: string;
  by?: string;
  hostname?: string;
  /** Problems with the folder remotes.json names: missing, or not the files staged. */
  problems: string[];
  /** What browsers saw of it (`status --stats`). */
  health?: BuildHealth;
}

/** A switch a stopped command left unfinished: whether its file shows it happened (the next command records it). */
export interface InterruptedSwitch {
  remote: string;
  action: string;
  to: string;
  by: string;
  at: string;
  applied: boolean;
}

export interface RemoteStatus {
  remote: string;
  live: BuildStatus;
  canary?: BuildStatus & { percent: number };
  /** What was live before, as the log tells. */
  previous?: { release: string; manifest: string; until?: string };
}

export interface StatusReport {
  file: string;
  remotes: RemoteStatus[];
  /** What host.json names (absent: no host.json, the portal server serves HOST_DIST). */
  host?: RemoteStatus;
  /** Switches a stopped command left unfinished, as the files show them (empty: none). */
  interrupted: InterruptedSwitch[];
  /** false when any folder remotes.json names is missing or fails its integrity. */
  ok: boolean;
  /** Where the browsers' counts were read (--stats, $RELEASE_STATS_URL); absent: not asked for. */
  stats?: { source: string };
}

/** Problems of one build remotes.json names; a URL outside this release directory is not checked. */
function buildProblems(
  dir: ReleaseDir,
  remote: Remote | undefined,
  manifestUrl: string,
  integrity: string | undefined,
): string[] {
  const release = remote ? dir.releaseOf(remote, manifestUrl) : undefined;
  if (!remote || !release) return [];
  const folder = dir.folderOf(remote, release);
  if (!existsSync(folder)) return [`its folder ${folder} is missing`];
  let text: string;
  try {
    text = readFileSync(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch {
    return [`${MANIFEST_FILE} is missing`];
  }
  const problems: string[] = [];
  if (integrity && sri(text) !== integrity)
    problems.push(`${MANIFEST_FILE} does not match the integrity remotes.json gives`);
  const parsed = parseManifest(text);
  if (!parsed.ok) return [...problems, parsed.error];
  const record = readIntegrityRecord(folder);
  return record.ok
    ? [...problems, ...checkIntegrity(folder, text, parsed.manifest, record.record)]
    : [...problems, record.error];
}

/** What is live for each remote, since when, what came before, and whether its files are intact. */
export function status(context: ReleaseContext): StatusReport {
  const { dir } = context;
  dir.assertExists();
  const state = ReleaseState.read(dir);
  const config = state.config();
  const entries = state.log.entries();
  const remotes = config.names().map((name): RemoteStatus => {
    const remote = findRemote(name);
    const entry = config.entry(name);
    if (!entry) throw new Error('unreachable: a name of the file has an entry');
    const release = (url: string) => (remote ? dir.releaseOf(remote, url) : undefined) ?? url;
    const revision = (url: string) => {
      const staged = remote ? dir.releaseOf(remote, url) : undefined;
      return remote && staged ? { revision: recordedRevision(dir.folderOf(remote, staged)) } : {};
    };
    const live: BuildStatus = {
      release: release(entry.manifest),
      manifest: entry.manifest,
      ...revision(entry.manifest),
      problems: buildProblems(dir, remote, entry.manifest, entry.integrity),
    };
    // The log line that made this build live (a promote or a rollback) says since when and what
    // was live just before it.
    const made = entries.findLast(
      (item) =>
        item.remote === name &&
        (item.action === 'promote' || item.action === 'rollback') &&
        item.to.manifest === entry.manifest,
    );
    if (made) Object.assign(live, switchedBy(made));
    const result: RemoteStatus = { remote: name, live };
    if (made?.from && made.from.manifest !== entry.manifest) {
      result.previous = { release: made.from.release, manifest: made.from.manifest, until: made.at };
    }
    if (entry.canary) {
      const started = entries.findLast(
        (item) =>
          item.remote === name && item.action === 'canary' && item.to.manifest === entry.canary?.manifest,
      );
      result.canary = {
        release: release(entry.canary.manifest),
        manifest: entry.canary.manifest,
        percent: entry.canary.percent,
        ...revision(entry.canary.manifest),
        ...(started ? switchedBy(started) : {}),
        problems: buildProblems(dir, remote, entry.canary.manifest, entry.canary.integrity),
      };
    }
    return result;
  });
  const host = hostStatus(dir, state.host(), entries);
  const ok = [...remotes, ...(host ? [host] : [])].every(
    (item) => item.live.problems.length === 0 && (item.canary?.problems.length ?? 0) === 0,
  );
  const interrupted = state.log.unfinished().map(
    ({ entry, applied }): InterruptedSwitch => ({
      remote: entry.remote,
      action: entry.action,
      to: entry.to.release,
      by: entry.by,
      at: entry.at,
      applied,
    }),
  );
  return { file: dir.remotesFile, remotes, ...(host ? { host } : {}), interrupted, ok };
}
