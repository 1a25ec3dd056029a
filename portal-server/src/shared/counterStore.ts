/**
 * Named counters grouped under keys, each key kept for `ttlMs` after its last change. Several
 * portal instances share their counts by sharing a store (Redis: `HINCRBY` per field and
 * `PEXPIRE` on the key; README, "Canary analysis"). One process's memory is the default.
 */
export interface CounterStore {
  /** Adds each field's amount to the key's counters and keeps the key `ttlMs` from now. */
  add(key: string, fields: Record<string, number>, ttlMs: number): Promise<void>;
  /** Every live key starting with `prefix`, with its counters. */
  read(prefix: string): Promise<Record<string, Record<string, number>>>;
}

/** The store of one process: a map of keys, swept of expired ones as it goes, bounded in size. */
export class MemoryCounterStore implements CounterStore {
  private readonly keys = new Map<string, { fields: Map<string, number>; expiresAt: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    /** Most keys kept at once: the oldest is dropped first (callers keep their label sets bounded). */
    private readonly maxKeys = 10_000,
  ) {}

  async add(key: string, fields: Record<string, number>, ttlMs: number): Promise<void> {
    const now = this.now();
    let entry = this.keys.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.keys.delete(key);
      if (this.keys.size >= this.maxKeys) {
        const oldest = this.keys.keys().next().value;
        if (oldest !== undefined) this.keys.delete(oldest);
      }
      entry = { fields: new Map(), expiresAt: 0 };
      this.keys.set(key, entry);
    }
    for (const [field, amount] of Object.entries(fields)) {
      entry.fields.set(field, (entry.fields.get(field) ?? 0) + amount);
    }
    entry.expiresAt = now + ttlMs;
  }

  async read(prefix: string): Promise<Record<string, Record<string, number>>> {
    const now = this.now();
    const result: Record<string, Record<string, number>> = {};
    for (const [key, entry] of this.keys) {
      if (entry.expiresAt <= now) {
        this.keys.delete(key);
        continue;
      }
      if (key.startsWith(prefix)) result[key] = Object.fromEntries(entry.fields);
    }
    return result;
  }
}
