/** `--smoke` (the screens), `--smoke=journey` (the sign-in journeys), `--smoke=all` (both). */
export const SMOKE_MODES = ['screens', 'journey', 'all'] as const;
export type SmokeMode = (typeof SMOKE_MODES)[number];

/** What `verify --smoke` did (src/smoke.ts); the build is refused when `problems` is not empty. */
export interface SmokeReport {
  mode: SmokeMode;
  /** The routes rendered and checked, as `<path> (<expose>[ as <user>])`. */
  rendered: string[];
  /** What the smoke could not check realistically, each a sentence saying why. */
  notChecked: string[];
  /** Each a sentence naming the expose or route (or journey step) and what went wrong. */
  problems: string[];
  seconds: number;
}
