import type { Redis } from 'ioredis';
import * as v from 'valibot';
import { type CounterStore, checkedFields } from './counterStore.js';

/** A hash as HGETALL gives it: field → a number written as text. */
const HashReply = v.record(
  v.string(),
  v.pipe(
    v.string(),
    v.transform(Number),
    v.check((value) => Number.isFinite(value), 'not a number'),
  ),
);

/** SCAN's glob characters, escaped so a prefix matches only itself. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);

/** Keys one SCAN step asks for (a hint to Redis, not a limit). */
const SCAN_COUNT = 500;

/**
 * Counters in Redis hashes, `<prefix><key>`: an add is one transaction (HINCRBY per field, or
 * HINCRBYFLOAT for a fraction, then PEXPIRE), so every instance's adds land whole; a read walks
 * the keys with SCAN (never KEYS, which would stall Redis on a large keyspace) and reads each hash.
 */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    /** Begins every key, e.g. `portal:ct:`. */
    private readonly prefix: string,
  ) {}

  async add(key: string, fields: Record<string, number>, ttlMs: number): Promise<void> {
    const entries = checkedFields(fields);
    const redisKey = `${this.prefix}${key}`;
    const transaction = this.redis.multi();
    for (const [field, value] of entries) {
      if (Number.isInteger(value)) transaction.hincrby(redisKey, field, value);
      else transaction.hincrbyfloat(redisKey, field, value);
    }
    transaction.pexpire(redisKey, ttlMs);
    const replies = await transaction.exec();
    const failed = replies?.find(([error]) => error !== null)?.[0];
    if (!replies || failed) throw failed ?? new Error('redis transaction discarded');
  }

  async read(prefix: string): Promise<Record<string, Record<string, number>>> {
    const keys = new Set<string>();
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(
        cursor,
        'MATCH',
        `${escapeGlob(this.prefix + prefix)}*`,
        'COUNT',
        SCAN_COUNT,
      );
      for (const key of found) keys.add(key);
      cursor = next;
    } while (cursor !== '0');
    if (keys.size === 0) return {};
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.hgetall(key);
    const replies = (await pipeline.exec()) ?? [];
    const result: Record<string, Record<string, number>> = {};
    [...keys].forEach((key, index) => {
      const [error, hash] = replies[index] ?? [new Error('no reply'), undefined];
      if (error) throw error;
      const fields = v.parse(HashReply, hash);
      // A key that expired between the scan and the read comes back empty: it is gone.
      if (Object.keys(fields).length > 0) result[key.slice(this.prefix.length)] = fields;
    });
    return result;
  }
}
