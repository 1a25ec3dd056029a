import { readFile, stat } from 'node:fs/promises';
import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';

const manifestUrl = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      const url = new URL(value, 'http://relative.invalid/');
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname.endsWith('.json');
    } catch {
      return false;
    }
  }, 'a manifest URL (absolute http(s) or a path) ending in .json'),
);

/** remotes.json: `{ "<remote name>": "<manifest URL>" }`. */
export const RemotesConfigSchema = v.record(
  v.pipe(v.string(), v.regex(/^[A-Za-z_][\w-]*$/, 'a remote (container) name')),
  manifestUrl,
);
export type RemotesConfig = v.InferOutput<typeof RemotesConfigSchema>;

export type RemotesConfigResult = { ok: true; config: RemotesConfig } | { ok: false; error: string };

/**
 * Reads remotes.json fresh whenever it changed on disk, so release engineers promote or roll back a
 * remote by editing the file, without a restart. The stat check keeps per-response CSP building cheap.
 */
export class RemotesFile {
  private cached: { key: string; result: RemotesConfigResult } | undefined;

  constructor(readonly file: string) {}

  async read(): Promise<RemotesConfigResult> {
    let key: string;
    try {
      const info = await stat(this.file, { bigint: true });
      key = `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
    } catch (error) {
      return { ok: false, error: `cannot read ${this.file}: ${describe(error)}` };
    }
    if (this.cached?.key === key) return this.cached.result;
    const result = await this.parse();
    this.cached = { key, result };
    return result;
  }

  private async parse(): Promise<RemotesConfigResult> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(this.file, 'utf8'));
    } catch (error) {
      return { ok: false, error: `cannot read ${this.file}: ${describe(error)}` };
    }
    const parsed = v.safeParse(RemotesConfigSchema, raw);
    return parsed.success
      ? { ok: true, config: parsed.output }
      : { ok: false, error: `${this.file} is invalid: ${describeIssues(parsed.issues)}` };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
