import type { SwitchContext } from '../context.js';
import { ReleaseError } from '../errors.js';
import type { PromoteResult } from '../promote.js';
import { type RollbackResult, rollback } from '../rollback.js';
import { type BuildStats, readCanaryStats, statsOf } from './canaryStats.js';
import { judgeCanary, type Verdict } from './statistics.js';

export interface WatchOptions {
  /** Where the portal servers' counts are read (GET /canary-stats). */
  statsUrl: string;
  /** How long the canary is watched. */
  windowMs: number;
  /** How often the counts are read. */
  everyMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Reads the counts (default: GET statsUrl). */
  read?: (url: string) => Promise<BuildStats[]>;
  /** The watch's own clock (ms); the release context's clock dates log lines. */
  clock?: () => number;
}

export interface WatchResult {
  /** worse: rolled back; healthy: not clearly worse over the window; undecided: too few sessions or no counts. */
  verdict: Verdict['verdict'];
  reason: string;
  polls: number;
  canary: { sessions: number; sessionsWithError: number };
  live: { sessions: number; sessionsWithError: number };
  rolledBack?: RollbackResult;
}

const summary = (stats: BuildStats | undefined) => ({
  sessions: stats?.sessions ?? 0,
  sessionsWithError: stats?.sessionsWithError ?? 0,
});

/**
 * Watches a canary just promoted: reads the counts every `everyMs` for `windowMs` and judges the
 * canary against live (statistics.ts). Clearly worse: rolls it back at once, through the same
 * locked switch as `rollback` (the log line names the same engineer and the reason), refused if
 * someone has switched that remote meanwhile.
 */
export async function watchCanary(
  context: SwitchContext,
  promoted: PromoteResult,
  options: WatchOptions,
): Promise<WatchResult> {
  if (promoted.action !== 'canary') throw new ReleaseError('--watch watches a canary: pass --canary N');
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const read = options.read ?? ((url: string) => readCanaryStats(url));
  const { remote } = promoted;
  const liveRelease = promoted.from?.release ?? '';
  const canaryRelease = promoted.to.release;
  const clock = options.clock ?? Date.now;
  const deadline = clock() + options.windowMs;
  let polls = 0;
  let last: WatchResult = {
    verdict: 'undecided',
    reason: 'no canary stats could be read',
    polls,
    canary: summary(undefined),
    live: summary(undefined),
  };
  for (;;) {
    polls += 1;
    let builds: BuildStats[] | undefined;
    try {
      builds = await read(options.statsUrl);
    } catch (error) {
      context.notify?.(error instanceof Error ? error.message : String(error));
    }
    if (builds) {
      const canary = statsOf(builds, remote, canaryRelease, 'canary');
      const live = statsOf(builds, remote, liveRelease, 'live');
      const verdict = judgeCanary(canary, live);
      last = { ...verdict, polls, canary: summary(canary), live: summary(live) };
      context.notify?.(`watching ${remote} ${canaryRelease}: ${verdict.reason}`);
      if (verdict.verdict === 'worse') {
        const reason = `canary clearly worse than live (promote --watch): ${verdict.reason}`;
        const rolledBack = rollback(context, remote, { reason, expectCanary: promoted.to.manifest });
        return { ...last, reason, rolledBack };
      }
    }
    const left = deadline - clock();
    if (left <= 0) return { ...last, polls };
    await sleep(Math.min(options.everyMs, left));
  }
}
