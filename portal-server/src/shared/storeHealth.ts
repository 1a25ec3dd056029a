/** What the shared store's health tells: the server's logger, and the metrics (when on). */
interface HealthLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The shared store's state as /dependencies and the metrics name it. */
export interface StoreState {
  /** 'ok': the last command answered; 'failing': an outage, the limits count per instance. */
  state: 'ok' | 'failing';
  /** Outages since this process started (each logged once). */
  outages: number;
  /** When the current outage began (ISO 8601); only while failing. */
  since?: string;
}

/**
 * Whether the store every instance shares (Redis) answers, learned from the commands themselves
 * and from the connection's own events: no extra traffic. A failure starts an outage (one error
 * log line, however many commands fail in it); the next command that answers, or the connection
 * becoming ready, ends it (one info line). While it lasts the callers fall back to what this
 * instance can do alone (rateLimit/resilientRateLimitStore.ts, proxy/flowUsers.ts).
 */
export class StoreHealth {
  private failingSince: number | undefined;
  private outageCount = 0;

  constructor(
    private readonly log: HealthLog,
    /** Names the store in the log lines (e.g. the Redis address without its password). */
    private readonly store: string,
    /** Told of every change: true when the store answers again, false when an outage starts. */
    private readonly onChange: (up: boolean) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** True while an outage lasts: callers skip the store and answer at once. */
  get failing(): boolean {
    return this.failingSince !== undefined;
  }

  /** A command failed, or the connection dropped. */
  failed(error: unknown): void {
    if (this.failingSince !== undefined) return;
    this.failingSince = this.now();
    this.outageCount += 1;
    this.log.error(
      { err: error, store: this.store },
      'shared store unreachable: limits are counted per instance (limit / PORTAL_INSTANCES) until it is back; sign-ins go on',
    );
    this.onChange(false);
  }

  /** A command answered, or the connection is ready again. */
  answered(): void {
    if (this.failingSince === undefined) return;
    const seconds = Math.round((this.now() - this.failingSince) / 1000);
    this.failingSince = undefined;
    this.log.info(
      { store: this.store, outageSeconds: seconds },
      'shared store reachable again: limits are shared again',
    );
    this.onChange(true);
  }

  state(): StoreState {
    return this.failingSince === undefined
      ? { state: 'ok', outages: this.outageCount }
      : { state: 'failing', outages: this.outageCount, since: new Date(this.failingSince).toISOString() };
  }
}
