import type { RemoteStatus, StatusReport } from '../status.js';
import { type BuildStats, statsOf } from './canaryStats.js';
import { errorRate, p75, type Percentile } from './statistics.js';

/** What browsers saw of one build, as `status --stats` shows it. */
export interface BuildHealth {
  sessions: number;
  sessionsWithError: number;
  /** sessionsWithError / sessions (0 without sessions). */
  errorRate: number;
  p75: { lcp?: Percentile; inp?: Percentile; cls?: Percentile };
}

export function buildHealth(stats: BuildStats | undefined): BuildHealth {
  if (!stats) return { sessions: 0, sessionsWithError: 0, errorRate: 0, p75: {} };
  const percentiles = {
    lcp: p75(stats.vitals.lcp),
    inp: p75(stats.vitals.inp),
    cls: p75(stats.vitals.cls),
  };
  return {
    sessions: stats.sessions,
    sessionsWithError: stats.sessionsWithError,
    errorRate: errorRate(stats),
    p75: Object.fromEntries(Object.entries(percentiles).filter(([, value]) => value !== undefined)),
  };
}

/** The status with each remote's live and canary build's health from the counts (the host has none). */
export function withHealth(
  report: StatusReport,
  builds: readonly BuildStats[],
  source: string,
): StatusReport {
  const remotes = report.remotes.map(
    (item): RemoteStatus => ({
      ...item,
      live: { ...item.live, health: buildHealth(statsOf(builds, item.remote, item.live.release, 'live')) },
      ...(item.canary
        ? {
            canary: {
              ...item.canary,
              health: buildHealth(statsOf(builds, item.remote, item.canary.release, 'canary')),
            },
          }
        : {}),
    }),
  );
  return { ...report, remotes, stats: { source } };
}
