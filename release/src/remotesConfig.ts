import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { jsonText } from './atomicWrite.js';
import { ReleaseError } from './errors.js';
import { SRI_PATTERN } from './integrity.js';

const Sri = v.pipe(v.string(), v.regex(SRI_PATTERN, 'a sha384-<base64> integrity'));
const Build = { manifest: v.pipe(v.string(), v.minLength(1)), integrity: Sri };

/** "This build for `percent` % of new sessions" (docs/architecture.md, Releasing one remote). */
export const CanarySchema = v.object({
  ...Build,
  percent: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
});
export type Canary = v.InferOutput<typeof CanarySchema>;

/**
 * One remote in remotes.json: `{ manifest, integrity, canary? }` (the remote-release contract), or
 * a bare manifest URL as older files and development setups write it.
 */
export const RemoteEntrySchema = v.union([
  v.pipe(v.string(), v.minLength(1)),
  v.object({ ...Build, canary: v.optional(CanarySchema) }),
]);
export type RemoteEntry = v.InferOutput<typeof RemoteEntrySchema>;

export interface LiveEntry {
  manifest: string;
  integrity: string | undefined;
  canary: Canary | undefined;
}

export function liveEntry(entry: RemoteEntry): LiveEntry {
  return typeof entry === 'string'
    ? { manifest: entry, integrity: undefined, canary: undefined }
    : { manifest: entry.manifest, integrity: entry.integrity, canary: entry.canary };
}

/**
 * remotes.json as it is on disk. Only the entry being changed is parsed and rewritten; every
 * other entry is written back exactly as it was read, in its place.
 */
export class RemotesConfig {
  private constructor(
    readonly file: string,
    private readonly raw: Record<string, unknown>,
  ) {}

  /** A missing file is an empty configuration; a file that does not parse is never overwritten. */
  static read(file: string): RemotesConfig {
    return RemotesConfig.parse(file, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
  }

  /** remotes.json from its text as read (undefined: there is no file). */
  static parse(file: string, text: string | undefined): RemotesConfig {
    if (text === undefined) return new RemotesConfig(file, {});
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new ReleaseError(`${file} is not JSON (${(error as Error).message}); fix it by hand first`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new ReleaseError(`${file} is not an object of remotes; fix it by hand first`);
    }
    return new RemotesConfig(file, raw as Record<string, unknown>);
  }

  names(): string[] {
    return Object.keys(this.raw);
  }

  /** The remote's entry, undefined when remotes.json does not name it. */
  entry(name: string): LiveEntry | undefined {
    if (!Object.hasOwn(this.raw, name)) return undefined;
    const parsed = v.safeParse(RemoteEntrySchema, this.raw[name]);
    if (!parsed.success) {
      throw new ReleaseError(`${this.file}: the entry of ${name} is invalid (${v.summarize(parsed.issues)})`);
    }
    return liveEntry(parsed.output);
  }

  /** A copy with one entry replaced (or added at the end). */
  with(name: string, entry: Exclude<RemoteEntry, string>): RemotesConfig {
    const raw = Object.hasOwn(this.raw, name)
      ? Object.fromEntries(
          Object.entries(this.raw).map(([key, value]) => [key, key === name ? entry : value]),
        )
      : { ...this.raw, [name]: entry };
    return new RemotesConfig(this.file, raw);
  }

  /** The file's whole text, as a switch writes it (atomically: src/switch/applySwitch.ts). */
  text(): string {
    return jsonText(this.raw);
  }
}
