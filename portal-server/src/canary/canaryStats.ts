import type { CounterStore } from '../shared/counterStore.js';
import {
  type BeaconEvent,
  ERROR_KINDS,
  type ErrorKind,
  VITAL_KINDS,
  type VitalKind,
} from './beaconSchema.js';
import { bucketOf, VITAL_BOUNDS } from './vitalBuckets.js';

/** Which build a session was given: the remote's live build, or its canary. */
export type Cohort = 'live' | 'canary';

const PREFIX = 'canary-stats:';
/** Counts are kept a week after their last change: long enough for any canary, then forgotten. */
export const STATS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const SESSIONS = 'sessions';
const ERRORED = 'errored';
const errorField = (kind: ErrorKind) => `error:${kind}`;
const vitalField = (kind: VitalKind, bucket: number) => `${kind}:${bucket}`;

/** One build's counts in one cohort, as GET /canary-stats answers them. */
export interface BuildStats {
  remote: string;
  release: string;
  cohort: Cohort;
  /** Page sessions that used the build (a page load that showed or tried to show one of its screens). */
  sessions: number;
  /** Of those, the sessions with at least one error of any kind. */
  sessionsWithError: number;
  /** Sessions with each kind of error. */
  errors: Record<ErrorKind, number>;
  /** Each vital of the first screen: how many sessions fell in each bucket (counts has one more entry than bounds). */
  vitals: Record<VitalKind, { bounds: readonly number[]; counts: number[] }>;
}

/** The counter fields one beacon's events of one build add. */
export function countersOf(events: readonly BeaconEvent[]): Record<string, number> {
  const fields: Record<string, number> = {};
  const add = (field: string) => {
    fields[field] = (fields[field] ?? 0) + 1;
  };
  for (const event of events) {
    if (event.kind === 'loaded') add(SESSIONS);
    else if (event.kind === 'lcp' || event.kind === 'inp' || event.kind === 'cls')
      add(vitalField(event.kind, bucketOf(event.kind, event.value)));
    else {
      add(errorField(event.kind));
      if ('first' in event && event.first) add(ERRORED);
    }
  }
  return fields;
}

/** Told of every beacon's events of one build (the Prometheus metrics count the same events). */
export type BeaconObserver = (
  remote: string,
  release: string,
  cohort: Cohort,
  events: readonly BeaconEvent[],
) => void;

/**
 * Sessions, errors and vitals per remote build and cohort, counted in a CounterStore (every
 * instance's beacons together, for /canary-stats), and told to the observer (this instance's
 * Prometheus counters): both count the same events, so both give the same ratios.
 */
export class CanaryStats {
  constructor(
    private readonly store: CounterStore,
    private readonly ttlMs = STATS_TTL_MS,
    private readonly observer?: BeaconObserver,
  ) {}

  async record(
    remote: string,
    release: string,
    cohort: Cohort,
    events: readonly BeaconEvent[],
  ): Promise<void> {
    this.observer?.(remote, release, cohort, events);
    const fields = countersOf(events);
    if (Object.keys(fields).length > 0)
      await this.store.add(`${PREFIX}${remote}:${release}:${cohort}`, fields, this.ttlMs);
  }

  /** Every build counted, sorted by remote, release and cohort. */
  async read(): Promise<BuildStats[]> {
    const keys = await this.store.read(PREFIX);
    const builds: BuildStats[] = [];
    for (const [key, counters] of Object.entries(keys)) {
      const [remote, release, cohort] = key.slice(PREFIX.length).split(':');
      if (!remote || !release || (cohort !== 'live' && cohort !== 'canary')) continue;
      const count = (field: string) => counters[field] ?? 0;
      builds.push({
        remote,
        release,
        cohort,
        sessions: count(SESSIONS),
        sessionsWithError: count(ERRORED),
        errors: Object.fromEntries(ERROR_KINDS.map((kind) => [kind, count(errorField(kind))])) as Record<
          ErrorKind,
          number
        >,
        vitals: Object.fromEntries(
          VITAL_KINDS.map((kind) => [
            kind,
            {
              bounds: VITAL_BOUNDS[kind],
              counts: Array.from({ length: VITAL_BOUNDS[kind].length + 1 }, (_, bucket) =>
                count(vitalField(kind, bucket)),
              ),
            },
          ]),
        ) as BuildStats['vitals'],
      });
    }
    const order = (build: BuildStats) => `${build.remote}\0${build.release}\0${build.cohort}`;
    return builds.sort((a, b) => order(a).localeCompare(order(b)));
  }
}
