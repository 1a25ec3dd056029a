import type { BuildStats, Histogram } from './canaryStats.js';

/**
 * The canary rule (release/README.md, "Canary analysis"). Pure functions of the counts.
 * error rate = sessions with any error / sessions.
 */
export const RULE = {
  /** No verdict before the canary has this many sessions. */
  minCanarySessions: 5,
  /** Live needs this many sessions to be compared with; fewer: the canary is held to a 0 % baseline. */
  minLiveSessions: 5,
  /** One-sided z for p < 0.01. */
  z: 2.33,
  /** The canary's error rate must be at least this much worse (absolute), however significant. */
  minDifference: 0.05,
  /** LCP: canary p75 above this many times live's, and above 2.5 s ("poor" starts at 4 s, "good" ends at 2.5 s). */
  lcpRatio: 1.5,
  lcpFloorMs: 2500,
  /** LCP samples each side needs before the vitals rule applies. */
  minVitalSamples: 5,
} as const;

export const errorRate = (stats: Pick<BuildStats, 'sessions' | 'sessionsWithError'>): number =>
  stats.sessions === 0 ? 0 : Math.min(1, stats.sessionsWithError / stats.sessions);

/**
 * One-sided two-proportion z statistic (pooled) of "a's rate is higher than b's": 0 when both
 * rates are equal or there are no sessions.
 */
export function twoProportionZ(
  errorsA: number,
  sessionsA: number,
  errorsB: number,
  sessionsB: number,
): number {
  if (sessionsA === 0 || sessionsB === 0) return 0;
  const pA = errorsA / sessionsA;
  const pB = errorsB / sessionsB;
  const pooled = (errorsA + errorsB) / (sessionsA + sessionsB);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / sessionsA + 1 / sessionsB));
  return se === 0 ? 0 : (pA - pB) / se;
}

/** The Wilson score interval's lower bound of a proportion (`z` one-sided). */
export function wilsonLower(successes: number, trials: number, z: number = RULE.z): number {
  if (trials === 0) return 0;
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return Math.max(0, (centre - spread) / (1 + z2 / trials));
}

/** p75 of a fixed-bucket histogram: the bound of the bucket the 75th percentile falls in (an upper estimate). */
export interface Percentile {
  value: number;
  /** true: the 75th percentile lies above the last bound (value is that bound). */
  above: boolean;
  samples: number;
}

export function p75(histogram: Histogram): Percentile | undefined {
  const samples = histogram.counts.reduce((sum, count) => sum + count, 0);
  if (samples === 0) return undefined;
  let seen = 0;
  for (const [index, count] of histogram.counts.entries()) {
    seen += count;
    if (seen >= 0.75 * samples) {
      const above = index >= histogram.bounds.length;
      return { value: histogram.bounds[above ? histogram.bounds.length - 1 : index] ?? 0, above, samples };
    }
  }
  return undefined;
}

export type Verdict =
  | { verdict: 'worse'; reason: string }
  | { verdict: 'healthy'; reason: string }
  | { verdict: 'undecided'; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
const NO_SESSIONS: Pick<BuildStats, 'sessions' | 'sessionsWithError'> = { sessions: 0, sessionsWithError: 0 };

/** Whether the canary is clearly worse than live, by RULE, with the figures that say so. */
export function judgeCanary(canary: BuildStats | undefined, live: BuildStats | undefined): Verdict {
  const c = canary ?? NO_SESSIONS;
  const l = live ?? NO_SESSIONS;
  if (c.sessions < RULE.minCanarySessions)
    return {
      verdict: 'undecided',
      reason: `${c.sessions} canary session${c.sessions === 1 ? '' : 's'} so far; ${RULE.minCanarySessions} needed to judge`,
    };
  const canaryRate = errorRate(c);
  const liveRate = errorRate(l);
  const errors = `canary errors in ${c.sessionsWithError} of ${c.sessions} sessions (${percent(canaryRate)})`;
  if (l.sessions >= RULE.minLiveSessions) {
    const z = twoProportionZ(c.sessionsWithError, c.sessions, l.sessionsWithError, l.sessions);
    const against = `live ${l.sessionsWithError} of ${l.sessions} (${percent(liveRate)}), z = ${z.toFixed(2)}`;
    if (z >= RULE.z && canaryRate - liveRate >= RULE.minDifference)
      return { verdict: 'worse', reason: `${errors} against ${against} (≥ ${RULE.z}, p < 0.01)` };
  } else {
    const lower = wilsonLower(c.sessionsWithError, c.sessions);
    if (lower >= RULE.minDifference)
      return {
        verdict: 'worse',
        reason: `${errors}; live has only ${l.sessions} sessions, and the rate's 99 % lower bound (Wilson) is ${percent(lower)}, above ${percent(RULE.minDifference)}`,
      };
  }
  const vitals = lcpWorse(canary, live);
  if (vitals) return { verdict: 'worse', reason: vitals };
  return {
    verdict: 'healthy',
    reason: `${errors}, live ${l.sessionsWithError} of ${l.sessions} (${percent(liveRate)}): not clearly worse`,
  };
}

/** The vitals rule: the canary's p75 LCP above 1.5 × live's and above 2.5 s, with enough samples. */
function lcpWorse(canary: BuildStats | undefined, live: BuildStats | undefined): string | undefined {
  const c = canary ? p75(canary.vitals.lcp) : undefined;
  const l = live ? p75(live.vitals.lcp) : undefined;
  if (!c || !l || c.samples < RULE.minVitalSamples || l.samples < RULE.minVitalSamples) return undefined;
  if (c.value > RULE.lcpRatio * l.value && c.value > RULE.lcpFloorMs)
    return `canary p75 LCP ${c.above ? '> ' : '≤ '}${c.value} ms against live ≤ ${l.value} ms (more than ${RULE.lcpRatio}× and above ${RULE.lcpFloorMs} ms)`;
  return undefined;
}
