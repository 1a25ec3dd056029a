import * as v from 'valibot';
import { ReleaseError } from '../errors.js';

/** A vital's histogram: counts[i] values ≤ bounds[i]; the last count is above the last bound. */
const HistogramSchema = v.pipe(
  v.object({ bounds: v.array(v.number()), counts: v.array(v.pipe(v.number(), v.integer(), v.minValue(0))) }),
  v.check((h) => h.counts.length === h.bounds.length + 1, 'one count more than bounds'),
);
export type Histogram = v.InferOutput<typeof HistogramSchema>;

const BuildStatsSchema = v.object({
  remote: v.string(),
  release: v.string(),
  cohort: v.picklist(['live', 'canary']),
  sessions: v.pipe(v.number(), v.integer(), v.minValue(0)),
  sessionsWithError: v.pipe(v.number(), v.integer(), v.minValue(0)),
  errors: v.record(v.string(), v.number()),
  vitals: v.object({ lcp: HistogramSchema, inp: HistogramSchema, cls: HistogramSchema }),
});
export type BuildStats = v.InferOutput<typeof BuildStatsSchema>;

/** GET /canary-stats of a portal server's operators' listener (portal-server README, "Canary analysis"). */
const CanaryStatsReplySchema = v.object({ builds: v.array(BuildStatsSchema) });

/** What the portal servers counted of every build, read from `url`; refused with a sentence. */
export async function readCanaryStats(url: string, timeoutMs = 5000): Promise<BuildStats[]> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ReleaseError(`Cannot read canary stats from ${url}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new ReleaseError(`Cannot read canary stats from ${url}: HTTP ${response.status}`);
  const parsed = v.safeParse(CanaryStatsReplySchema, await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new ReleaseError(`${url} did not answer canary stats: ${v.summarize(parsed.issues)}`);
  return parsed.output.builds;
}

/** The counts of one build in one cohort (a build nobody used yet: none). */
export function statsOf(
  builds: readonly BuildStats[],
  remote: string,
  release: string,
  cohort: 'live' | 'canary',
): BuildStats | undefined {
  return builds.find(
    (build) => build.remote === remote && build.release === release && build.cohort === cohort,
  );
}
