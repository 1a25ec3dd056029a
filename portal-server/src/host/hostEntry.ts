import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import { describeError, type ReadResult } from '../files/statCachedFile.js';
import { Sha384Integrity } from '../remotes/integrity.js';

/** host.json, beside remotes.json (written by `node scripts/release.mjs promote host …`). */
export const HOST_CONFIG_FILE = 'host.json';

/** A release folder's name under RELEASES_DIR/host/: `<version>-<content hash>`. */
const release = v.pipe(v.string(), v.regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/, 'a release name'));
/** A host build: its release folder and the sha384 of that folder's integrity.json. */
const build = { release, integrity: Sha384Integrity };

/**
 * `{ release, integrity, canary?: { release, integrity, percent } }`: the host build new page loads
 * get, and the one `percent` % of new sessions get instead (docs/architecture.md, "Releasing the host").
 */
export const HostEntrySchema = v.object({
  ...build,
  canary: v.optional(
    v.object({ ...build, percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)) }),
  ),
});
export type HostEntry = v.InferOutput<typeof HostEntrySchema>;
export type HostBuildEntry = Pick<HostEntry, 'release' | 'integrity'>;

export function parseHostEntry(file: string, text: string): ReadResult<HostEntry> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `cannot read ${file}: ${describeError(error)}` };
  }
  const parsed = v.safeParse(HostEntrySchema, raw);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, error: `${file} is invalid: ${describeIssues(parsed.issues)}` };
}
