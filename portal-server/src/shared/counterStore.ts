/**
 * Counters several portal instances add to and any of them reads: one hash of named numbers per
 * key (e.g. a build's sessions and errors in one minute). A key expires `ttlMs` after its last
 * add. Keys are free text; `read(prefix)` returns every live key that starts with `prefix`.
 */
export interface CounterStore {
  /** Adds each field's number to the key's field (a missing field counts from 0). */
  add(key: string, fields: Record<string, number>, ttlMs: number): Promise<void>;
  /** Every live key beginning with `prefix`, with its fields' totals. */
  read(prefix: string): Promise<Record<string, Record<string, number>>>;
}

/** Refuses what no store can add: NaN and the infinities would poison a total for good. */
export function checkedFields(fields: Record<string, number>): [string, number][] {
  const entries = Object.entries(fields);
  for (const [field, value] of entries) {
    if (!Number.isFinite(value)) throw new RangeError(`counter field ${field} is not a finite number`);
  }
  return entries;
}

/** The counters of one process: a map of hashes, swept of expired ones as it goes. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, { fields: Map<string, number>; expiresAt: number }>();
  private nextSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Most keys kept at once: the oldest is dropped for a new one past it. */
    private readonly maxKeys = 100_000,
  ) {}

  async add(key: string, fields: Record<string, number>, ttlMs: number): Promise<void> {
    const entries = checkedFields(fields);
    const now = this.now();
    this.sweep(now);
    let counter = this.counters.get(key);
    if (!counter || counter.expiresAt <= now) {
      if (!counter && this.counters.size >= this.maxKeys) {
        const oldest = this.counters.keys().next().value;
        if (oldest !== undefined) this.counters.delete(oldest);
      }
      counter = { fields: new Map(), expiresAt: 0 };
    }
    for (const [field, value] of entries) counter.fields.set(field, (counter.fields.get(field) ?? 0) + value);
    counter.expiresAt = now + ttlMs;
    // Re-inserted: the map's order stays the order of last use, so the oldest is dropped first.
    this.counters.delete(key);
    this.counters.set(key, counter);
  }

  async read(prefix: string): Promise<Record<string, Record<string, number>>> {
    const now = this.now();
    const result: Record<string, Record<string, number>> = {};
    for (const [key, counter] of this.counters) {
      if (key.startsWith(prefix) && counter.expiresAt > now) result[key] = Object.fromEntries(counter.fields);
    }
    return result;
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 10_000;
    for (const [key, counter] of this.counters) if (counter.expiresAt <= now) this.counters.delete(key);
  }
}
