import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkShared, entriesOf } from '../checks.js';
import type { ReleaseContext } from '../context.js';
import { ReleaseError } from '../errors.js';
import { type HostFacts, readHostFacts } from '../hostFacts.js';
import { sri } from '../integrity.js';
import { INTEGRITY_FILE, readIntegrityRecord } from '../integrityRecord.js';
import { MANIFEST_FILE, parseManifest } from '../manifest.js';
import type { ReleaseDir } from '../releaseDir.js';
import { RemotesConfig } from '../remotesConfig.js';
import { findRemote } from '../remotes.js';
import type { VerifyReport } from '../verify.js';
import { HOST, HOST_PKG, hostFiles } from './hostBuild.js';

/** How the release log and `status` name a host build: the record its host.json integrity covers. */
export function recordPath(release: string): string {
  return `${HOST_PKG}/${release}/${INTEGRITY_FILE}`;
}

export function hostFolder(dir: ReleaseDir, release: string): string {
  return dir.existingFolder({ name: HOST, pkg: HOST_PKG }, release);
}

/**
 * A host release folder must be the build staged there: every file integrity.json records matches,
 * the folder holds nothing else (and no symbolic link), and every file the build's index.html,
 * first-load.json and mf-manifest.json name is among them.
 */
export function hostFolderProblems(folder: string): string[] {
  const record = readIntegrityRecord(folder);
  if (!record.ok) return [record.error];
  const problems: string[] = [];
  const recorded = new Map(Object.entries(record.record.files));
  recorded.set(MANIFEST_FILE, record.record.manifest);
  for (const [file, integrity] of recorded) {
    const onDisk = path.join(folder, file);
    if (!existsSync(onDisk)) problems.push(`${file} is missing`);
    else if (sri(readFileSync(onDisk)) !== integrity)
      problems.push(`${file} does not match its recorded integrity`);
  }
  for (const { file, kind } of entriesOf(folder).sort((a, b) => a.file.localeCompare(b.file))) {
    if (kind === 'link') problems.push(`${file} is a symbolic link`);
    else if (kind === 'other') problems.push(`${file} is not a regular file`);
    else if (kind === 'file' && file !== INTEGRITY_FILE && !recorded.has(file))
      problems.push(`${file} is not a file of the staged build`);
  }
  if (problems.length > 0) return problems;
  const files = hostFiles(folder);
  if (!files.ok) return files.problems;
  return files.named.flatMap((file) => (recorded.has(file) ? [] : [`${file} has no recorded integrity`]));
}

/**
 * The live remotes (and their canaries) of remotes.json that are builds of this release directory
 * must accept this host: each singleton they require in a version this host provides, and each
 * expose this host's routes name. Every problem names the remote and its release.
 */
export function liveRemoteProblems(dir: ReleaseDir, host: HostFacts): string[] {
  const config = RemotesConfig.read(dir.remotesFile);
  const problems: string[] = [];
  for (const name of config.names()) {
    const remote = findRemote(name);
    const entry = config.entry(name);
    if (!remote || !entry) continue;
    const builds = [
      { manifest: entry.manifest, as: 'live' },
      ...(entry.canary ? [{ manifest: entry.canary.manifest, as: 'canary' }] : []),
    ];
    for (const build of builds) {
      const release = dir.releaseOf(remote, build.manifest);
      if (!release) continue;
      let text: string;
      try {
        text = readFileSync(path.join(dir.folderOf(remote, release), MANIFEST_FILE), 'utf8');
      } catch {
        continue;
      }
      const parsed = parseManifest(text);
      if (!parsed.ok) continue;
      const who = `${name} ${release} (${build.as})`;
      // Routes and their exposes come with each remote's own contributions (checked when it was
      // promoted); what a host change can break is the kernel version a remote needs.
      for (const problem of checkShared(parsed.manifest, host))
        problems.push(`${who} ${problem.replace(/^it /, '').replaceAll('the live host', 'this host')}`);
    }
  }
  return problems;
}

/**
 * Every check a host build must pass before host.json may name it: its folder is the build staged
 * there (integrity.json, no stray file), its manifest is the host's, and every live remote accepts
 * it (a host older than what a live remote requires is refused, naming the remote).
 */
export function verifyHost(context: ReleaseContext, release: string): VerifyReport {
  const { dir } = context;
  dir.assertExists();
  const folder = hostFolder(dir, release);
  const report: VerifyReport = {
    remote: HOST,
    release,
    manifest: recordPath(release),
    integrity: undefined,
    host: undefined,
    problems: hostFolderProblems(folder),
  };
  if (report.problems.length > 0) return report;
  report.integrity = sri(readFileSync(path.join(folder, INTEGRITY_FILE)));
  report.problems.push(...liveRemoteProblems(dir, readHostFacts(folder)));
  return report;
}

/** verifyHost, refusing (a ReleaseError listing the problems) a host build that fails any check. */
export function requireVerifiedHost(
  context: ReleaseContext,
  release: string,
): { release: string; manifest: string; integrity: string } {
  const report = verifyHost(context, release);
  if (report.problems.length > 0 || report.integrity === undefined) {
    throw new ReleaseError(`${HOST} ${release} is refused`, report.problems);
  }
  return { release, manifest: report.manifest, integrity: report.integrity };
}
