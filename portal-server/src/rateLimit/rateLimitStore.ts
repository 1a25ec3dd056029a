/** The count of one key's requests in its current window. */
export interface WindowCount {
  count: number;
  /** Time until the window ends, milliseconds (a store's own clock: no skew between instances). */
  resetInMs: number;
  /**
   * Counted by this instance alone, one of this many sharing the limit (the shared store is down):
   * the limit is cut to its share, at least 1 (resilientRateLimitStore.ts). Absent: counted once for all.
   */
  shareOf?: number;
}

/**
 * Where the rate limiter counts. One call per request: count it under `key` in a fixed window of
 * `windowMs` starting at the key's first request. Several portal instances share a limit by sharing
 * a store; with Redis, for example: `INCR key`, then `PEXPIRE key windowMs NX`, and `PTTL key` for
 * resetInMs (README, "Rate limits").
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<WindowCount>;
}

/** The store of one process: a map of windows, swept of ended ones as it goes. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Most keys kept at once: a flood of new addresses cannot grow the map without bound. */
    private readonly maxKeys = 100_000,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= this.maxKeys) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      window = { count: 0, resetAt: now + windowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 10_000;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
