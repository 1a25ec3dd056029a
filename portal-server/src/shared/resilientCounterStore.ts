import type { CounterStore } from './counterStore.js';
import type { StoreHealth } from './storeHealth.js';

/**
 * The shared counters (the canary beacons per build), degraded rather than dead: while the shared
 * store fails, an add is dropped at once (the outage is logged once and counted in the metrics; a
 * beacon is never worth failing a page's request), and a read fails, so the canary's judge sees
 * no figures rather than partial ones and waits.
 */
export class ResilientCounterStore implements CounterStore {
  constructor(
    private readonly shared: CounterStore,
    private readonly health: StoreHealth,
  ) {}

  async add(key: string, fields: Record<string, number>, ttlMs: number): Promise<void> {
    if (this.health.failing) return;
    try {
      await this.shared.add(key, fields, ttlMs);
      this.health.answered();
    } catch (error) {
      if (error instanceof RangeError) throw error;
      this.health.failed(error);
    }
  }

  async read(prefix: string): Promise<Record<string, Record<string, number>>> {
    try {
      const counters = await this.shared.read(prefix);
      this.health.answered();
      return counters;
    } catch (error) {
      this.health.failed(error);
      throw error;
    }
  }
}
