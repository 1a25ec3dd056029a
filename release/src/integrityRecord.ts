import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { SRI_PATTERN } from './integrity.js';

/** Beside the build, in its release folder: what every file's sha384 was when it was staged. */
export const INTEGRITY_FILE = 'integrity.json';

const Sri = v.pipe(v.string(), v.regex(SRI_PATTERN, 'a sha384-<base64> integrity'));

export const IntegrityRecordSchema = v.object({
  /** sha384 of mf-manifest.json: what remotes.json records for this release. */
  manifest: Sri,
  /** Every file the manifest names, as it names it → sha384. */
  files: v.record(v.string(), Sri),
  /** The source revision the build was staged from (src/revision.ts); absent when none was known. */
  revision: v.optional(v.string()),
});
export type IntegrityRecord = v.InferOutput<typeof IntegrityRecordSchema>;

/** integrity.json's text (for the host, host.json records its sha384). */
export function integrityRecordText(record: IntegrityRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

export function writeIntegrityRecord(folder: string, record: IntegrityRecord): void {
  writeFileSync(path.join(folder, INTEGRITY_FILE), integrityRecordText(record));
}

export type ReadIntegrity = { ok: true; record: IntegrityRecord } | { ok: false; error: string };

export function readIntegrityRecord(folder: string): ReadIntegrity {
  const file = path.join(folder, INTEGRITY_FILE);
  if (!existsSync(file))
    return { ok: false, error: `${INTEGRITY_FILE} is missing (stage the build with the release tool)` };
  try {
    const parsed = v.safeParse(IntegrityRecordSchema, JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success
      ? { ok: true, record: parsed.output }
      : { ok: false, error: `${INTEGRITY_FILE} is invalid (${v.summarize(parsed.issues)})` };
  } catch (error) {
    return { ok: false, error: `${INTEGRITY_FILE} is not JSON (${(error as Error).message})` };
  }
}

/** The source revision a release folder was staged from, null when it is not recorded. */
export function recordedRevision(folder: string): string | null {
  const record = readIntegrityRecord(folder);
  return record.ok ? (record.record.revision ?? null) : null;
}
