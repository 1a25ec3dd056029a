import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import { describeError, type ReadResult, StatCachedFile } from '../files/statCachedFile.js';
import { RemoteEntrySchema } from './remoteEntry.js';

/**
 * remotes.json: `{ "<remote name>": { "manifest": "<manifest URL>", "integrity": "sha384-…", "canary"?: {…} } }`
 * (the remote-release contract, docs/architecture.md "Remote integrity").
 */
export const RemotesConfigSchema = v.record(
  v.pipe(v.string(), v.regex(/^[A-Za-z_][\w-]*$/, 'a remote (container) name')),
  RemoteEntrySchema,
);
export type RemotesConfig = v.InferOutput<typeof RemotesConfigSchema>;

export type RemotesConfigResult = { ok: true; config: RemotesConfig } | { ok: false; error: string };

/** Where remotes.json is read from (the file itself, or its pinned view). */
export interface RemotesSource {
  readonly file: string;
  read(): Promise<RemotesConfigResult>;
}

function parseRemotesConfig(file: string, text: string): ReadResult<RemotesConfig> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `cannot read ${file}: ${describeError(error)}` };
  }
  const parsed = v.safeParse(RemotesConfigSchema, raw);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, error: `${file} is invalid: ${describeIssues(parsed.issues)}` };
}

/**
 * Reads remotes.json fresh whenever it changed on disk, so release engineers promote or roll back a
 * remote by editing the file, without a restart. The stat check keeps per-response CSP building cheap.
 */
export class RemotesFile implements RemotesSource {
  private readonly source: StatCachedFile<RemotesConfig>;

  constructor(readonly file: string) {
    this.source = new StatCachedFile(file, (text) => parseRemotesConfig(file, text));
  }

  async read(): Promise<RemotesConfigResult> {
    const { result } = await this.source.read();
    return result.ok ? { ok: true, config: result.value } : { ok: false, error: result.error };
  }
}
