import type { StoreHealth } from '../shared/storeHealth.js';
import { MemoryRateLimitStore, type RateLimitStore, type WindowCount } from './rateLimitStore.js';

/** How often a failing store is tried again by a request (the connection's own retries go on too). */
const RETRY_EVERY_MS = 1000;

/**
 * The shared store (Redis), degraded rather than dead: while it fails, this instance counts in its
 * own memory, each limit cut to its share (WindowCount.shareOf = the configured number of
 * instances), so the instances together never let through more than the shared limit did. A
 * request during an outage does not wait for a command to time out: the store is skipped at once,
 * and tried again by one request a second until it answers. Sign-ins go on through an outage.
 */
export class ResilientRateLimitStore implements RateLimitStore {
  private nextTry = 0;

  constructor(
    private readonly shared: RateLimitStore,
    private readonly health: StoreHealth,
    /** PORTAL_INSTANCES: how many instances share the store, so how far each cuts its limits alone. */
    private readonly instances: number,
    private readonly local: RateLimitStore = new MemoryRateLimitStore(),
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    if (!this.health.failing || this.now() >= this.nextTry) {
      try {
        const counted = await this.shared.hit(key, windowMs);
        this.health.answered();
        return counted;
      } catch (error) {
        this.health.failed(error);
        this.nextTry = this.now() + RETRY_EVERY_MS;
      }
    }
    return { ...(await this.local.hit(key, windowMs)), shareOf: this.instances };
  }
}
