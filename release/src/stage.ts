import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { checkIntegrity } from './checks.js';
import { ReleaseError } from './errors.js';
import { fileSri } from './integrity.js';
import type { LockSettings } from './lock/releaseLock.js';
import {
  INTEGRITY_FILE,
  type IntegrityRecord,
  readIntegrityRecord,
  writeIntegrityRecord,
} from './integrityRecord.js';
import {
  carriedFiles,
  isInsideFolder,
  type Manifest,
  MANIFEST_FILE,
  namedFiles,
  PRECOMPRESSED,
  parseManifest,
} from './manifest.js';
import type { ReleaseDir } from './releaseDir.js';
import type { Remote } from './remotes.js';
import { sourceRevision } from './revision.js';
import { underLock } from './switch/underLock.js';

export interface Staged {
  /** A remote's name, or host. */
  remote: string;
  /** `<version>-<content hash>`: the folder name, and what `promote` takes. */
  release: string;
  folder: string;
  manifest: string;
  integrity: string;
  /** The source revision its folder records (null: unknown). */
  revision: string | null;
  /** false when the same build was staged before (the folder is immutable and was kept). */
  created: boolean;
  /** Only checked (--dry-run): nothing was copied. */
  dryRun?: true;
}

/**
 * The first 10 hex digits of a sha256 over the names and contents of the files a release carries
 * (carriedFiles): a rebuild of unchanged sources stages into the same folder, whatever else the
 * build folder holds (source maps, build statistics).
 */
export function contentHash(dir: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) hash.update(file).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 10);
}

/**
 * A carried file must be a regular file inside the build folder, reached through no symbolic
 * link: a link would copy (and the portal server would serve) whatever it points to.
 */
export function linkProblem(from: string, file: string): string | undefined {
  const real = path.join(realpathSync(from), file);
  if (lstatSync(path.join(from, file)).isSymbolicLink() || realpathSync(path.join(from, file)) !== real) {
    return `${file} is a symbolic link or lies behind one`;
  }
  return lstatSync(real).isFile() ? undefined : `${file} is not a regular file`;
}

/** sha384 of the manifest, of every file it names and of their precompressed copies. */
function integrityOf(folder: string, files: string[]): Omit<IntegrityRecord, 'revision'> {
  const covered = files.flatMap((file) => [
    file,
    ...PRECOMPRESSED.map((extension) => `${file}${extension}`).filter((sibling) =>
      existsSync(path.join(folder, sibling)),
    ),
  ]);
  const manifestCopies = PRECOMPRESSED.map((extension) => `${MANIFEST_FILE}${extension}`).filter((copy) =>
    existsSync(path.join(folder, copy)),
  );
  return {
    manifest: fileSri(path.join(folder, MANIFEST_FILE)),
    files: Object.fromEntries(
      [...covered, ...manifestCopies].map((file) => [file, fileSri(path.join(folder, file))]),
    ),
  };
}

/** What `stage` takes: the source revision to record, --dry-run, and how to wait for the lock. */
export interface StageOptions {
  /** The build's source revision; undefined: $SOURCE_REVISION, else git (src/revision.ts); null: unknown. */
  revision?: string | null;
  /** Check the build and name its release, copying nothing. */
  dryRun?: boolean;
  lock?: LockSettings;
}

/** A build folder that can be staged: its manifest, the files it names and carries, its release. */
interface CheckedBuild {
  manifest: Manifest;
  /** The files the manifest names (integrity.json records each). */
  named: string[];
  /** What the release folder holds (carriedFiles). */
  carried: string[];
  release: string;
}

function checkBuild(remote: Remote, from: string): CheckedBuild {
  const manifestFile = path.join(from, MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new ReleaseError(
      `${from} has no ${MANIFEST_FILE}: build ${remote.pkg} first (node scripts/pnpm.mjs --filter @portal/${remote.pkg} build)`,
    );
  }
  const parsed = parseManifest(readFileSync(manifestFile, 'utf8'));
  if (!parsed.ok) throw new ReleaseError(`${from}: ${parsed.error}`);
  const { manifest } = parsed;
  if (manifest.name !== remote.name) {
    throw new ReleaseError(`${from} is a build of ${manifest.name}, not of ${remote.name}`);
  }
  const version = manifest.metaData.buildInfo?.buildVersion ?? '0.0.0';
  const named = namedFiles(manifest);
  for (const file of named) {
    if (!isInsideFolder(file))
      throw new ReleaseError(`${from}: ${MANIFEST_FILE} names ${file}, outside its folder`);
    if (!existsSync(path.join(from, file)))
      throw new ReleaseError(`${from}: ${file}, named by ${MANIFEST_FILE}, is missing`);
  }
  const carried = carriedFiles(manifest, (file) => existsSync(path.join(from, file)));
  const links = carried.flatMap((file) => linkProblem(from, file) ?? []);
  if (links.length > 0) throw new ReleaseError(`${from} cannot be staged`, links);
  return { manifest, named, carried, release: `${version}-${contentHash(from, carried)}` };
}

/**
 * The folder of this release staged before: it must still be the build staged there. A folder
 * staged before the tool existed has no integrity.json: if its files still hash to its name,
 * they are the build staged there, and their integrity is recorded now (not with --dry-run).
 */
function keepStaged(
  folder: string,
  from: string,
  build: CheckedBuild,
  revision: string | null,
  dryRun: boolean,
): { integrity: string; revision: string | null } {
  if (
    !existsSync(path.join(folder, INTEGRITY_FILE)) &&
    build.carried.every((file) => existsSync(path.join(folder, file))) &&
    contentHash(folder, build.carried) === contentHash(from, build.carried)
  ) {
    const record = { ...integrityOf(folder, build.named), ...(revision === null ? {} : { revision }) };
    if (!dryRun) writeIntegrityRecord(folder, record);
    return { integrity: record.manifest, revision };
  }
  const record = readIntegrityRecord(folder);
  const problems = record.ok
    ? checkIntegrity(
        folder,
        readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'),
        build.manifest,
        record.record,
      )
    : [record.error];
  if (!record.ok || problems.length > 0) {
    throw new ReleaseError(`${folder} exists but is no longer the build staged there`, problems);
  }
  return { integrity: record.record.manifest, revision: record.record.revision ?? null };
}

/** Copies the carried files under a temporary name and renames it: a half-copied folder never looks like a release. */
function copyBuild(folder: string, from: string, build: CheckedBuild, revision: string | null): string {
  const temporary = path.join(path.dirname(folder), `.staging-${randomBytes(6).toString('hex')}`);
  mkdirSync(temporary, { recursive: true });
  try {
    for (const file of build.carried) {
      mkdirSync(path.dirname(path.join(temporary, file)), { recursive: true });
      copyFileSync(path.join(from, file), path.join(temporary, file));
    }
    const record = { ...integrityOf(temporary, build.named), ...(revision === null ? {} : { revision }) };
    writeIntegrityRecord(temporary, record);
    renameSync(temporary, folder);
    return record.manifest;
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/**
 * Copies what a build's manifest carries (carriedFiles: the manifest, every file it names, their
 * .br/.gz) into its immutable folder `<package>/<version>-<content hash>/` and writes
 * integrity.json beside it (sha384 of the manifest and of every file it names, and the source
 * revision). Nothing else is copied; a carried file that is a symbolic link is refused. Whether
 * the folder exists is decided under the release directory's lock, so two stages of one build
 * stage it once. With --dry-run every check runs and nothing is written.
 */
export function stageBuild(
  dir: ReleaseDir,
  remote: Remote,
  from: string,
  options: StageOptions = {},
): Staged {
  dir.assertExists();
  const build = checkBuild(remote, from);
  const revision =
    options.revision === undefined ? sourceRevision(from, undefined, process.env) : options.revision;
  const folder = dir.folderOf(remote, build.release);
  const result = {
    remote: remote.name,
    release: build.release,
    folder,
    manifest: dir.manifestUrl(remote, build.release),
  };
  const stageNow = (dryRun: boolean): Staged => {
    if (existsSync(folder))
      return { ...result, ...keepStaged(folder, from, build, revision, dryRun), created: false };
    if (dryRun)
      return { ...result, integrity: fileSri(path.join(from, MANIFEST_FILE)), revision, created: true };
    return { ...result, integrity: copyBuild(folder, from, build, revision), revision, created: true };
  };
  if (options.dryRun) return { ...stageNow(true), dryRun: true };
  return underLock(dir, `stage ${remote.name} ${build.release}`, options.lock ?? {}, () => stageNow(false));
}
