import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { writeJsonAtomically } from '../atomicWrite.js';
import { ReleaseError } from '../errors.js';
import { SRI_PATTERN } from '../integrity.js';
import { RELEASE_NAME, type ReleaseDir } from '../releaseDir.js';
import { HOST_PKG } from './hostBuild.js';

const Sri = v.pipe(v.string(), v.regex(SRI_PATTERN, 'a sha384-<base64> integrity'));
/** A host build: its release folder's name and the sha384 of that folder's integrity.json. */
const Build = { release: v.pipe(v.string(), v.regex(RELEASE_NAME, 'a release name')), integrity: Sri };

/**
 * host.json, beside remotes.json: `{ release, integrity, canary?: { release, integrity, percent } }`.
 * `integrity` is the sha384 of the release's integrity.json, which holds the sha384 of every file
 * of the build: the portal server serves a host release only when the chain holds.
 */
export const HostEntrySchema = v.object({
  ...Build,
  canary: v.optional(
    v.object({ ...Build, percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)) }),
  ),
});
export type HostEntry = v.InferOutput<typeof HostEntrySchema>;

/** host.json's entry, undefined when there is no host.json (the portal server serves HOST_DIST). */
export function readHostEntry(file: string): HostEntry | undefined {
  if (!existsSync(file)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReleaseError(`${file} is not JSON (${(error as Error).message}); fix it by hand first`);
  }
  const parsed = v.safeParse(HostEntrySchema, raw);
  if (!parsed.success) {
    throw new ReleaseError(`${file} is invalid (${v.summarize(parsed.issues)}); fix it by hand first`);
  }
  return parsed.output;
}

/** Replaces host.json atomically. */
export function writeHostEntry(file: string, entry: HostEntry): void {
  writeJsonAtomically(file, entry);
}

/**
 * The folder of the host release host.json names as live, undefined without a (readable) host.json:
 * what a remote's checks run against when neither --host-dist nor HOST_DIST says otherwise.
 */
export function liveHostFolder(dir: ReleaseDir): string | undefined {
  try {
    const entry = readHostEntry(dir.hostFile);
    return entry ? dir.folderOf({ pkg: HOST_PKG }, entry.release) : undefined;
  } catch {
    return undefined;
  }
}
