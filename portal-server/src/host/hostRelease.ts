import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { describeError } from '../files/statCachedFile.js';
import { Sha384Integrity, sha384Integrity } from '../remotes/integrity.js';
import type { HostBuildEntry } from './hostEntry.js';

/** The record the release tool writes beside the build: mf-manifest.json's sha384 and every other file's. */
const RECORD_FILE = 'integrity.json';
const RecordSchema = v.object({
  manifest: Sha384Integrity,
  files: v.record(v.string(), Sha384Integrity),
});

/** A file name of the record: inside the folder, no `..`, no absolute path. */
function isInside(file: string): boolean {
  const normal = path.posix.normalize(file);
  return file !== '' && !file.includes('\\') && !normal.startsWith('/') && !normal.startsWith('../');
}

/** A host release, every file read and checked once, served from memory (what was checked is what is sent). */
export interface HostRelease {
  release: string;
  integrity: string;
  /** File name as the build names it (`main.9a578ebf34.js`, `main.9a578ebf34.js.br`) → bytes. */
  files: ReadonlyMap<string, Buffer>;
}

export type LoadedHostRelease = { ok: true; build: HostRelease } | { ok: false; error: string };

/**
 * Reads a host release folder (`RELEASES_DIR/host/<release>/`) and checks the chain host.json
 * names: integrity.json must hash to the entry's integrity, and every file it records must hash
 * to its record. Any mismatch refuses the whole release.
 */
export async function loadHostRelease(
  releasesDir: string,
  entry: HostBuildEntry,
): Promise<LoadedHostRelease> {
  const folder = path.join(releasesDir, 'host', entry.release);
  const refused = (why: string): LoadedHostRelease => ({
    ok: false,
    error: `host release ${entry.release} refused: ${why}`,
  });
  let recordBytes: Buffer;
  try {
    recordBytes = await readFile(path.join(folder, RECORD_FILE));
  } catch (error) {
    return refused(`cannot read its ${RECORD_FILE} (${describeError(error)})`);
  }
  if (sha384Integrity(recordBytes) !== entry.integrity)
    return refused(`${RECORD_FILE} does not match the integrity host.json gives`);
  let record: v.InferOutput<typeof RecordSchema>;
  try {
    const parsed = v.safeParse(RecordSchema, JSON.parse(recordBytes.toString('utf8')));
    if (!parsed.success) return refused(`${RECORD_FILE} is invalid`);
    record = parsed.output;
  } catch {
    return refused(`${RECORD_FILE} is not JSON`);
  }
  const expected = Object.entries({ ...record.files, 'mf-manifest.json': record.manifest });
  const files = new Map<string, Buffer>();
  for (const [file, integrity] of expected) {
    if (!isInside(file)) return refused(`${RECORD_FILE} names ${file}, outside its folder`);
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(folder, file));
    } catch {
      return refused(`${file} is missing`);
    }
    if (sha384Integrity(bytes) !== integrity) return refused(`${file} does not match its recorded integrity`);
    files.set(file, bytes);
  }
  if (!files.has('index.html')) return refused('it has no index.html');
  return { ok: true, build: { release: entry.release, integrity: entry.integrity, files } };
}
