import type { VitalKind } from './beaconSchema.js';

/**
 * Fixed histogram buckets per vital: bucket i counts values ≤ BOUNDS[i] (and above the bound
 * before it); one more bucket counts what lies above the last bound. Fixed buckets keep the store
 * bounded and let p75 be estimated (the release tool takes the bound of the bucket it falls in).
 * The bounds include each vital's "good" and "poor" thresholds (LCP 2.5 s / 4 s, INP 200 / 500 ms,
 * CLS 0.1 / 0.25).
 */
export const VITAL_BOUNDS: Record<VitalKind, readonly number[]> = {
  lcp: [250, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 20000],
  inp: [16, 50, 100, 150, 200, 300, 500, 750, 1000, 2000, 5000],
  cls: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
};

/** The index of the bucket `value` falls in (bounds.length: above the last bound). */
export function bucketOf(kind: VitalKind, value: number): number {
  const bounds = VITAL_BOUNDS[kind];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}
