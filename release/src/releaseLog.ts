import * as v from 'valibot';

const Build = v.object({
  release: v.string(),
  manifest: v.string(),
  integrity: v.optional(v.string()),
  /** The source revision the build was staged from; null when nobody could tell (older lines: absent). */
  revision: v.optional(v.nullable(v.string())),
});
export type LoggedBuild = v.InferOutput<typeof Build>;

/** The two files a switch rewrites: remotes.json (a remote) and host.json (the host). */
export type ConfigFile = 'remotes' | 'host';

/**
 * A switch's intention, written before its file: which file it rewrites and the sha256 of the
 * bytes it writes there. Until its outcome line follows, the switch is unfinished, and whether it
 * happened is read from the file itself (`ReleaseLog.unfinished`).
 */
const IntentSchema = v.object({
  id: v.pipe(v.string(), v.minLength(8)),
  file: v.picklist(['remotes', 'host']),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
});

/**
 * One switch in the release log (JSON lines beside remotes.json):
 * - promote: `to` is live from now on (`from` was);
 * - canary: `to` serves `percent` % of new sessions, `from` stays live;
 * - rollback: back from `from` to `to`;
 * - end-canary: the canary `from` ended (a rollback during a canary), `to` stays live.
 * `by` is who switched, `hostname` the machine the tool ran on (lines written before these were
 * recorded have no hostname and no intent: they count as done).
 */
export const LogEntrySchema = v.object({
  at: v.string(),
  by: v.string(),
  hostname: v.optional(v.string()),
  remote: v.string(),
  action: v.picklist(['promote', 'canary', 'rollback', 'end-canary']),
  from: v.nullable(Build),
  to: Build,
  percent: v.optional(v.number()),
  /** Why, when the tool switched by itself (a canary rolled back by promote --watch). */
  reason: v.optional(v.string()),
  intent: v.optional(IntentSchema),
});
export type LogEntry = v.InferOutput<typeof LogEntrySchema>;
/** A switch as a command decides it, before the log gives it an intent. */
export type NewLogEntry = Omit<LogEntry, 'intent'>;

/** The line that closes an intention: its file was written (applied), or never was (abandoned). */
const OutcomeSchema = v.object({
  outcome: v.picklist(['applied', 'abandoned']),
  id: v.pipe(v.string(), v.minLength(8)),
  at: v.string(),
  /** How it was found out, for an interrupted switch settled by a later command. */
  note: v.optional(v.string()),
});
type Outcome = v.InferOutput<typeof OutcomeSchema>;

type Line = { kind: 'entry'; entry: LogEntry } | { kind: 'outcome'; outcome: Outcome };

/** The sha256 of remotes.json and host.json as they are now (undefined: no such file). */
export type FileHashes = Record<ConfigFile, string | undefined>;

/** A switch whose intention has no outcome yet, and whether its file shows it happened. */
export interface Unfinished {
  entry: LogEntry & { intent: v.InferOutput<typeof IntentSchema> };
  applied: boolean;
}

function parseLine(line: string): Line | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return undefined;
  }
  const outcome = v.safeParse(OutcomeSchema, raw);
  if (outcome.success) return { kind: 'outcome', outcome: outcome.output };
  const entry = v.safeParse(LogEntrySchema, raw);
  return entry.success ? { kind: 'entry', entry: entry.output } : undefined;
}

/** A live build in a remote's history, replayed from the log. */
export interface HistoryItem {
  release: string;
  manifest: string;
  integrity?: string;
  at: string;
  by: string;
}

/**
 * The release log as read at one moment, with remotes.json and host.json as they were then. A line
 * that does not parse (a hand edit, a line a crash cut short) is skipped.
 */
export class ReleaseLog {
  private constructor(
    private readonly lines: readonly Line[],
    private readonly current: FileHashes,
  ) {}

  static parse(text: string, current: FileHashes): ReleaseLog {
    const lines = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => parseLine(line) ?? []);
    return new ReleaseLog(lines, current);
  }

  /**
   * The switches whose intention has no outcome line. Only the last intention for a file can have
   * happened, and it did exactly when the file now holds the bytes it meant to write.
   */
  unfinished(): Unfinished[] {
    const closed = new Set(this.lines.flatMap((line) => (line.kind === 'outcome' ? [line.outcome.id] : [])));
    const lastIntent = new Map<ConfigFile, string>();
    for (const line of this.lines)
      if (line.kind === 'entry' && line.entry.intent)
        lastIntent.set(line.entry.intent.file, line.entry.intent.id);
    return this.lines.flatMap((line) => {
      if (line.kind !== 'entry') return [];
      const { intent } = line.entry;
      if (!intent || closed.has(intent.id)) return [];
      const applied =
        lastIntent.get(intent.file) === intent.id && this.current[intent.file] === intent.sha256;
      return [{ entry: { ...line.entry, intent }, applied }];
    });
  }

  /**
   * The switches that happened, oldest first: every line without an intention (written before
   * intentions were), every intention with its `applied` outcome, and an unfinished one whose file
   * shows it happened. Abandoned intentions are left out.
   */
  entries(): LogEntry[] {
    const outcomes = new Map<string, Outcome['outcome']>();
    for (const line of this.lines)
      if (line.kind === 'outcome') outcomes.set(line.outcome.id, line.outcome.outcome);
    const unfinished = new Map(this.unfinished().map((item) => [item.entry.intent.id, item.applied]));
    return this.lines.flatMap((line) => {
      if (line.kind !== 'entry') return [];
      const { intent } = line.entry;
      if (!intent) return [line.entry];
      const happened = outcomes.has(intent.id)
        ? outcomes.get(intent.id) === 'applied'
        : unfinished.get(intent.id) === true;
      return happened ? [line.entry] : [];
    });
  }

  /**
   * The releases a remote has been live on, oldest first, replayed from the switches that
   * happened: a promote adds one, a rollback takes the last one away; canaries do not change what
   * is live.
   */
  liveHistory(remote: string): HistoryItem[] {
    const history: HistoryItem[] = [];
    const item = (build: LoggedBuild, at: string, by: string): HistoryItem => ({
      release: build.release,
      manifest: build.manifest,
      ...(build.integrity === undefined ? {} : { integrity: build.integrity }),
      at,
      by,
    });
    for (const entry of this.entries()) {
      if (entry.remote !== remote) continue;
      if (entry.action === 'promote') {
        if (history.length === 0 && entry.from) history.push(item(entry.from, '', ''));
        if (history.at(-1)?.manifest === entry.to.manifest) history.pop();
        history.push(item(entry.to, entry.at, entry.by));
      } else if (entry.action === 'rollback') {
        history.pop();
        const last = history.at(-1);
        if (!last || last.release !== entry.to.release) history.push(item(entry.to, entry.at, entry.by));
      }
    }
    return history;
  }
}

/** When, by whom and where a logged switch happened, as `status` reports it. */
export function switchedBy(entry: LogEntry): { since: string; by: string; hostname?: string } {
  return { since: entry.at, by: entry.by, ...(entry.hostname ? { hostname: entry.hostname } : {}) };
}
