import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { jsonText } from '../atomicWrite.js';
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
  return parseHostEntry(file, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
}

/** host.json's entry from its text as read (undefined text: there is no host.json). */
export function parseHostEntry(file: string, text: string | undefined): HostEntry | undefined {
  if (text === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ReleaseError(`${file} is not JSON (${(error as Error).message}); fix it by hand first`);
  }
  const parsed = v.safeParse(HostEntrySchema, raw);
  if (!parsed.success) {
    throw new ReleaseError(`${file} is invalid (${v.summarize(parsed.issues)}); fix it by hand first`);
  }
  return parsed.output;
}

/** host.json's whole text, as a switch writes it (atomically: src/switch/applySwitch.ts). */
export function hostEntryText(entry: HostEntry): string {
  return jsonText(entry);
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
