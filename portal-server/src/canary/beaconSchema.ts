import * as v from 'valibot';

export const BEACON_PATH = '/v1/beacon';

/** A beacon is a few hundred bytes; anything bigger is no beacon of ours. */
export const MAX_BEACON_BYTES = 2048;

/** Most events in one beacon (a page batches what it saw in about a second). */
export const MAX_BEACON_EVENTS = 16;

/**
 * What a page reports about one remote build it uses, each kind at most once per page load:
 * - `loaded`: the page showed (or tried to show) a screen of this build: one page session;
 * - `load-failed`: the federation runtime could not load it (manifest, entry or expose);
 * - `boundary`: a screen of it threw and the error boundary showed the banner;
 * - `unhandled`: an uncaught error or unhandled rejection from its scripts (or while its screen showed);
 * - `not-usable`: a screen of it did not render within the host's time limit;
 * - `lcp`, `inp`, `cls`: the Web Vitals of the page's first screen, when it is this build's.
 */
export const ERROR_KINDS = ['load-failed', 'boundary', 'unhandled', 'not-usable'] as const;
export const VITAL_KINDS = ['lcp', 'inp', 'cls'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];
export type VitalKind = (typeof VITAL_KINDS)[number];

const build = {
  remote: v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/)),
  /** The release folder of the build's manifest (`/remotes/<package>/<release>/mf-manifest.json`). */
  release: v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/)),
};

const LoadedEvent = v.strictObject({ ...build, kind: v.literal('loaded') });
const ErrorEvent = v.strictObject({
  ...build,
  kind: v.picklist(ERROR_KINDS),
  /** The page's first error of any kind for this build: counts the session as one with an error. */
  first: v.optional(v.boolean()),
});
const VitalEvent = v.strictObject({
  ...build,
  kind: v.picklist(VITAL_KINDS),
  /** Milliseconds (LCP, INP) or the layout-shift score (CLS). */
  value: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(600_000)),
});

export const BeaconEventSchema = v.variant('kind', [LoadedEvent, ErrorEvent, VitalEvent]);
export type BeaconEvent = v.InferOutput<typeof BeaconEventSchema>;

/** `{ events: [...] }`: no user, no address, no message: kinds and numbers of named builds only. */
export const BeaconSchema = v.strictObject({
  events: v.pipe(v.array(BeaconEventSchema), v.minLength(1), v.maxLength(MAX_BEACON_EVENTS)),
});
