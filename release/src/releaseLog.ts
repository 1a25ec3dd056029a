import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';

const Build = v.object({ release: v.string(), manifest: v.string(), integrity: v.optional(v.string()) });
export type LoggedBuild = v.InferOutput<typeof Build>;

/**
 * One line of the release log (JSON lines beside remotes.json):
 * - promote: `to` is live from now on (`from` was);
 * - canary: `to` serves `percent` % of new sessions, `from` stays live;
 * - rollback: back from `from` to `to`;
 * - end-canary: the canary `from` ended (a rollback during a canary), `to` stays live.
 */
export const LogEntrySchema = v.object({
  at: v.string(),
  by: v.string(),
  remote: v.string(),
  action: v.picklist(['promote', 'canary', 'rollback', 'end-canary']),
  from: v.nullable(Build),
  to: Build,
  percent: v.optional(v.number()),
});
export type LogEntry = v.InferOutput<typeof LogEntrySchema>;

export class ReleaseLog {
  constructor(readonly file: string) {}

  append(entry: LogEntry): void {
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }

  /** Every readable line, oldest first; a line that does not parse (a hand edit) is skipped. */
  entries(): LogEntry[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => {
        try {
          const parsed = v.safeParse(LogEntrySchema, JSON.parse(line));
          return parsed.success ? [parsed.output] : [];
        } catch {
          return [];
        }
      });
  }

  /**
   * The releases a remote has been live on, oldest first, replayed from the log: a promote adds
   * one, a rollback takes the last one away; canaries do not change what is live.
   */
  liveHistory(
    remote: string,
  ): { release: string; manifest: string; integrity?: string; at: string; by: string }[] {
    const history: { release: string; manifest: string; integrity?: string; at: string; by: string }[] = [];
    for (const entry of this.entries()) {
      if (entry.remote !== remote) continue;
      if (entry.action === 'promote') {
        if (history.length === 0 && entry.from) history.push({ ...entry.from, at: '', by: '' });
        if (history.at(-1)?.manifest === entry.to.manifest) history.pop();
        history.push({ ...entry.to, at: entry.at, by: entry.by });
      } else if (entry.action === 'rollback') {
        history.pop();
        const last = history.at(-1);
        if (!last || last.release !== entry.to.release)
          history.push({ ...entry.to, at: entry.at, by: entry.by });
      }
    }
    return history;
  }
}
