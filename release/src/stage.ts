import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { checkIntegrity, PRECOMPRESSED } from './checks.js';
import { ReleaseError } from './errors.js';
import { fileSri, sri } from './integrity.js';
import {
  INTEGRITY_FILE,
  type IntegrityRecord,
  readIntegrityRecord,
  writeIntegrityRecord,
} from './integrityRecord.js';
import { isInsideFolder, MANIFEST_FILE, namedFiles, parseManifest } from './manifest.js';
import type { ReleaseDir } from './releaseDir.js';
import type { Remote } from './remotes.js';

export interface Staged {
  remote: Remote['name'];
  /** `<version>-<content hash>`: the folder name, and what `promote` takes. */
  release: string;
  folder: string;
  manifest: string;
  integrity: string;
  /** false when the same build was staged before (the folder is immutable and was kept). */
  created: boolean;
}

/**
 * The first 10 hex digits of a sha256 over the folder's file names and contents, leaving out the
 * build statistics (`mf-stats.json` is not byte-reproducible, and no browser loads it): a rebuild of
 * unchanged sources stages into the same folder.
 */
export function contentHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      if (name === 'mf-stats.json') continue;
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) hash.update(contentHash(file));
      else hash.update(name).update(readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 10);
}

/** sha384 of the manifest, of every file it names and of their precompressed copies. */
function integrityOf(folder: string, files: string[]): IntegrityRecord {
  const covered = files.flatMap((file) => [
    file,
    ...PRECOMPRESSED.map((extension) => `${file}${extension}`).filter((sibling) =>
      existsSync(path.join(folder, sibling)),
    ),
  ]);
  return {
    manifest: fileSri(path.join(folder, MANIFEST_FILE)),
    files: Object.fromEntries(covered.map((file) => [file, fileSri(path.join(folder, file))])),
  };
}

/**
 * Copies a build into its immutable folder `<package>/<version>-<content hash>/` and writes
 * integrity.json beside it (sha384 of the manifest and of every file it names). The copy is made
 * under a temporary name and renamed, so a half-copied folder never looks like a release.
 */
export function stageBuild(dir: ReleaseDir, remote: Remote, from: string): Staged {
  dir.assertExists();
  const manifestFile = path.join(from, MANIFEST_FILE);
  if (!existsSync(manifestFile)) {
    throw new ReleaseError(
      `${from} has no ${MANIFEST_FILE}: build ${remote.pkg} first (node scripts/pnpm.mjs --filter @portal/${remote.pkg} build)`,
    );
  }
  const text = readFileSync(manifestFile, 'utf8');
  const parsed = parseManifest(text);
  if (!parsed.ok) throw new ReleaseError(`${from}: ${parsed.error}`);
  const { manifest } = parsed;
  if (manifest.name !== remote.name) {
    throw new ReleaseError(`${from} is a build of ${manifest.name}, not of ${remote.name}`);
  }
  const version = manifest.metaData.buildInfo?.buildVersion ?? '0.0.0';
  const files = namedFiles(manifest);
  for (const file of files) {
    if (!isInsideFolder(file))
      throw new ReleaseError(`${from}: ${MANIFEST_FILE} names ${file}, outside its folder`);
    if (!existsSync(path.join(from, file)))
      throw new ReleaseError(`${from}: ${file}, named by ${MANIFEST_FILE}, is missing`);
  }

  const release = `${version}-${contentHash(from)}`;
  const folder = dir.folderOf(remote, release);
  const result = { remote: remote.name, release, folder, manifest: dir.manifestUrl(remote, release) };
  if (existsSync(folder)) {
    // A folder staged before the tool existed has no integrity.json: if its files still hash to
    // its name, they are the build staged there, and their integrity is recorded now.
    if (!existsSync(path.join(folder, INTEGRITY_FILE)) && contentHash(folder) === contentHash(from)) {
      writeIntegrityRecord(folder, integrityOf(folder, files));
    }
    const record = readIntegrityRecord(folder);
    const problems = record.ok
      ? checkIntegrity(
          folder,
          readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'),
          manifest,
          record.record,
        )
      : [record.error];
    if (problems.length > 0) {
      throw new ReleaseError(`${folder} exists but is no longer the build staged there`, problems);
    }
    return { ...result, integrity: record.ok ? record.record.manifest : sri(text), created: false };
  }

  const temporary = path.join(path.dirname(folder), `.staging-${randomBytes(6).toString('hex')}`);
  mkdirSync(temporary, { recursive: true });
  try {
    cpSync(from, temporary, { recursive: true });
    const record = integrityOf(temporary, files);
    writeIntegrityRecord(temporary, record);
    renameSync(temporary, folder);
    return { ...result, integrity: record.manifest, created: true };
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}
