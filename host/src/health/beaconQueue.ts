import type { Build, ErrorKind, HealthEvent, VitalKind } from './healthEvents';

export const BEACON_URL = '/v1/beacon';
/** Events seen within this long go in one beacon. */
export const BATCH_DELAY_MS = 1000;
/** The server takes at most this many events per beacon. */
export const MAX_EVENTS_PER_BEACON = 16;

/** Sends one beacon's body: sendBeacon, else a keepalive fetch (both outlive the page). */
export type SendBeacon = (url: string, body: string) => void;

export const sendBeacon: SendBeacon = (url, body) => {
  // A string goes as text/plain: a simple request, so the browser sends it without a preflight.
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
};

const buildKey = (build: Build) => `${build.remote}\0${build.release}`;

/**
 * The page's health events, each at most once per page load: `loaded` once per build used, each
 * error kind and each vital once per build, the first error of a build marked `first` (the
 * server counts the session as one with an error). Events of a build the page never used are
 * dropped. Batched: sent BATCH_DELAY_MS after the first unsent event, or at once when the page
 * is hidden.
 */
export class BeaconQueue {
  private readonly usedBuilds = new Set<string>();
  private readonly reported = new Set<string>();
  private readonly errored = new Set<string>();
  private pending: HealthEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly send: SendBeacon = sendBeacon) {}

  /** The page showed (or tried to show) a screen of this build. */
  used(build: Build): void {
    const key = buildKey(build);
    if (this.usedBuilds.has(key)) return;
    this.usedBuilds.add(key);
    this.push({ ...build, kind: 'loaded' });
  }

  error(build: Build, kind: ErrorKind): void {
    const key = buildKey(build);
    if (!this.usedBuilds.has(key) || !this.once(`${key}\0${kind}`)) return;
    const first = !this.errored.has(key);
    this.errored.add(key);
    this.push({ ...build, kind, ...(first ? { first: true as const } : {}) });
  }

  vital(build: Build, kind: VitalKind, value: number): void {
    const key = buildKey(build);
    if (!this.usedBuilds.has(key) || !Number.isFinite(value) || value < 0 || !this.once(`${key}\0${kind}`))
      return;
    this.push({ ...build, kind, value: Math.round(value * 1000) / 1000 });
  }

  /** Sends what is waiting now (the page is being hidden or left). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.pending.length > 0) {
      const events = this.pending.splice(0, MAX_EVENTS_PER_BEACON);
      this.send(BEACON_URL, JSON.stringify({ events }));
    }
  }

  private once(key: string): boolean {
    if (this.reported.has(key)) return false;
    this.reported.add(key);
    return true;
  }

  private push(event: HealthEvent): void {
    this.pending.push(event);
    this.timer ??= setTimeout(() => this.flush(), BATCH_DELAY_MS);
  }
}
