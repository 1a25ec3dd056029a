import { describe, expect, it } from 'vitest';
import type { BuildStats } from '../src/canary/canaryStats.js';
import { buildHealth } from '../src/canary/buildHealth.js';
import { judgeCanary, p75, twoProportionZ, wilsonLower } from '../src/canary/statistics.js';
import { formatHealth } from '../src/format.js';

const LCP_BOUNDS = [250, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 20000];
const empty = (bounds: number[]) => ({ bounds, counts: Array(bounds.length + 1).fill(0) as number[] });

function stats(sessions: number, sessionsWithError: number, lcpCounts?: Record<number, number>): BuildStats {
  const lcp = empty(LCP_BOUNDS);
  for (const [bucket, count] of Object.entries(lcpCounts ?? {})) lcp.counts[Number(bucket)] = count;
  return {
    remote: 'remote_help',
    release: '1.0.0-a',
    cohort: 'canary',
    sessions,
    sessionsWithError,
    errors: {},
    vitals: { lcp, inp: empty([16, 50, 100]), cls: empty([0.01, 0.1]) },
  };
}

describe('the canary statistics', () => {
  it('computes the pooled one-sided two-proportion z', () => {
    // 5 of 5 against 0 of 5: p = 0.5, se = sqrt(0.25 × 0.4) = 0.316, z = 3.16.
    expect(twoProportionZ(5, 5, 0, 5)).toBeCloseTo(3.162, 3);
    expect(twoProportionZ(1, 10, 1, 10)).toBe(0);
    expect(twoProportionZ(0, 10, 0, 10)).toBe(0);
    expect(twoProportionZ(1, 0, 0, 10)).toBe(0);
  });

  it('computes the Wilson lower bound (z 2.33)', () => {
    expect(wilsonLower(5, 5)).toBeCloseTo(0.479, 3);
    expect(wilsonLower(0, 20)).toBe(0);
    expect(wilsonLower(1, 20)).toBeLessThan(0.05);
  });

  it('estimates p75 as the bound of the bucket it falls in', () => {
    const histogram = empty([100, 200, 300]);
    histogram.counts = [1, 1, 1, 1];
    expect(p75(histogram)).toEqual({ value: 300, above: false, samples: 4 });
    histogram.counts = [0, 0, 1, 3];
    expect(p75(histogram)).toEqual({ value: 300, above: true, samples: 4 });
    expect(p75(empty([100]))).toBeUndefined();
  });

  it('waits for 5 canary sessions', () => {
    expect(judgeCanary(stats(4, 4), stats(50, 0)).verdict).toBe('undecided');
    expect(judgeCanary(undefined, stats(50, 0))).toEqual({
      verdict: 'undecided',
      reason: '0 canary sessions so far; 5 needed to judge',
    });
  });

  it('rolls back a canary clearly worse than live: z ≥ 2.33 and at least 5 points more', () => {
    const worse = judgeCanary(stats(5, 5), stats(5, 0));
    expect(worse.verdict).toBe('worse');
    expect(worse.reason).toBe(
      'canary errors in 5 of 5 sessions (100.0 %) against live 0 of 5 (0.0 %), z = 3.16 (≥ 2.33, p < 0.01)',
    );
    // Significant with many sessions, but under 5 points: not clearly worse.
    expect(judgeCanary(stats(20000, 800), stats(20000, 400)).verdict).toBe('healthy');
    // 5 points worse, but not significant.
    expect(judgeCanary(stats(10, 1), stats(20, 1)).verdict).toBe('healthy');
  });

  it('holds the canary to a 0 % baseline when live has too few sessions', () => {
    const worse = judgeCanary(stats(6, 6), stats(2, 0));
    expect(worse.verdict).toBe('worse');
    expect(worse.reason).toContain("live has only 2 sessions, and the rate's 99 % lower bound (Wilson) is");
    expect(judgeCanary(stats(20, 1), undefined).verdict).toBe('healthy');
  });

  it('rolls back on LCP: canary p75 over 1.5 × live and over 2.5 s', () => {
    // canary: all in the ≤ 4000 bucket (index 8); live: all ≤ 1500 (index 4).
    const slow = judgeCanary(stats(10, 0, { 8: 10 }), stats(10, 0, { 4: 10 }));
    expect(slow).toEqual({
      verdict: 'worse',
      reason: 'canary p75 LCP ≤ 4000 ms against live ≤ 1500 ms (more than 1.5× and above 2500 ms)',
    });
    // Twice as slow but still under 2.5 s: fine.
    expect(judgeCanary(stats(10, 0, { 5: 10 }), stats(10, 0, { 2: 10 })).verdict).toBe('healthy');
  });
});

describe('status figures', () => {
  it('shows sessions, error rate and p75 vitals of a build', () => {
    expect(formatHealth(buildHealth(stats(12, 3, { 4: 9, 8: 3 })))).toBe(
      'browsers: 12 sessions, 25.0 % with errors (3), p75 LCP ≤ 1500 ms, INP –, CLS –',
    );
    expect(formatHealth(buildHealth(undefined))).toBe('browsers: no sessions yet');
  });
});
