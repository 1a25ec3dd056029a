import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ReleaseError } from '../errors.js';
import { fileSri, sri } from '../integrity.js';
import {
  INTEGRITY_FILE,
  type IntegrityRecord,
  integrityRecordText,
  recordedRevision,
  writeIntegrityRecord,
} from '../integrityRecord.js';
import { MANIFEST_FILE } from '../manifest.js';
import type { ReleaseDir } from '../releaseDir.js';
import { sourceRevision } from '../revision.js';
import { contentHash, linkProblem, type Staged, type StageOptions } from '../stage.js';
import { underLock } from '../switch/underLock.js';
import { HOST, HOST_PKG, hostFiles, parseHostManifest } from './hostBuild.js';
import { hostFolderProblems, recordPath } from './hostVerify.js';

/** The sha384 of every carried file: mf-manifest.json under `manifest`, the others under `files`. */
function integrityOf(folder: string, carried: readonly string[]): Omit<IntegrityRecord, 'revision'> {
  return {
    manifest: fileSri(path.join(folder, MANIFEST_FILE)),
    files: Object.fromEntries(
      carried
        .filter((file) => file !== MANIFEST_FILE)
        .map((file) => [file, fileSri(path.join(folder, file))]),
    ),
  };
}

/**
 * Copies a host build (hostFiles: index.html, first-load.json, mf-manifest.json, what they name,
 * the build's chunks and their .br/.gz) into its immutable folder `host/<version>-<content hash>/`
 * with integrity.json (and the source revision), exactly as `stage` does for a remote, under the
 * same lock. What host.json will record is the sha384 of that integrity.json.
 */
export function stageHost(dir: ReleaseDir, from: string, options: StageOptions = {}): Staged {
  dir.assertExists();
  if (!existsSync(path.join(from, MANIFEST_FILE))) {
    throw new ReleaseError(
      `${from} has no ${MANIFEST_FILE}: build the host first (node scripts/pnpm.mjs --filter @portal/host build)`,
    );
  }
  const files = hostFiles(from);
  if (!files.ok) throw new ReleaseError(`${from} is not a host build that can be staged`, files.problems);
  const { carried } = files;
  const links = carried.flatMap((file) => linkProblem(from, file) ?? []);
  if (links.length > 0) throw new ReleaseError(`${from} cannot be staged`, links);
  const parsed = parseHostManifest(readFileSync(path.join(from, MANIFEST_FILE), 'utf8'));
  const version = (parsed.ok ? parsed.manifest.metaData.buildInfo?.buildVersion : undefined) ?? '0.0.0';
  const revision =
    options.revision === undefined ? sourceRevision(from, undefined, process.env) : options.revision;

  const release = `${version}-${contentHash(from, carried)}`;
  const host = { name: HOST, pkg: HOST_PKG };
  const folder = dir.folderOf(host, release);
  const result = { remote: HOST, release, folder, manifest: recordPath(release) };
  /** integrity.json of the build in `folder`: every file's sha384 and the revision. */
  const recordOf = (folder: string): IntegrityRecord => ({
    ...integrityOf(folder, carried),
    ...(revision === null ? {} : { revision }),
  });
  const stageNow = (dryRun: boolean): Staged => {
    if (existsSync(folder)) {
      const problems = hostFolderProblems(folder);
      if (problems.length > 0) {
        throw new ReleaseError(`${folder} exists but is no longer the build staged there`, problems);
      }
      const integrity = fileSri(path.join(folder, INTEGRITY_FILE));
      return { ...result, integrity, revision: recordedRevision(folder), created: false };
    }
    if (dryRun)
      return { ...result, integrity: sri(integrityRecordText(recordOf(from))), revision, created: true };
    const temporary = path.join(path.dirname(folder), `.staging-${randomBytes(6).toString('hex')}`);
    mkdirSync(temporary, { recursive: true });
    try {
      for (const file of carried) {
        mkdirSync(path.dirname(path.join(temporary, file)), { recursive: true });
        copyFileSync(path.join(from, file), path.join(temporary, file));
      }
      writeIntegrityRecord(temporary, recordOf(temporary));
      const integrity = fileSri(path.join(temporary, INTEGRITY_FILE));
      renameSync(temporary, folder);
      return { ...result, integrity, revision, created: true };
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  };
  if (options.dryRun) return { ...stageNow(true), dryRun: true };
  return underLock(dir, `stage ${HOST} ${release}`, options.lock ?? {}, () => stageNow(false));
}
