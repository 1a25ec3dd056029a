import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, type RateLimitStore } from '../src/rateLimit/rateLimitStore.js';
import { RedisRateLimitStore } from '../src/rateLimit/redisRateLimitStore.js';
import { type CounterStore, MemoryCounterStore } from '../src/shared/counterStore.js';
import { RedisCounterStore } from '../src/shared/redisCounterStore.js';
import { type RedisServer, startRedisServer } from './helpers/redisServer.js';

// The stores against a real redis-server of this file's own, and the memory stores against the
// same expectations: the two kinds behave alike, so a portal can move between them.
let redis: RedisServer;
const connections: Redis[] = [];
/** A new connection to the test's Redis (each instance of a portal has its own). */
const connect = () => {
  const client = new Redis(redis.url, { commandTimeout: 1000, maxRetriesPerRequest: 1 });
  connections.push(client);
  return client;
};
/** A key space of its own per test: the tests share one Redis. */
let spaceCount = 0;
const space = () => `t${++spaceCount}:`;

beforeAll(async () => {
  redis = await startRedisServer();
});

afterAll(async () => {
  for (const client of connections) client.disconnect();
  await redis?.stop();
});

const counterStores: [string, (prefix: string) => CounterStore][] = [
  ['memory', () => new MemoryCounterStore()],
  ['redis', (prefix) => new RedisCounterStore(connect(), prefix)],
];

describe.each(counterStores)('%s counter store', (_kind, makeStore) => {
  it('adds each field to its total, per key, and reads the keys under a prefix', async () => {
    const store = makeStore(space());
    await store.add('beacon:remote_help:1.0.0', { sessions: 1, errors: 0 }, 60_000);
    await store.add('beacon:remote_help:1.0.0', { sessions: 1, errors: 2 }, 60_000);
    await store.add('beacon:remote_help:1.0.1', { sessions: 3, lcpSum: 1.5 }, 60_000);
    await store.add('beacon:remote_help:1.0.1', { lcpSum: 0.25 }, 60_000);
    await store.add('other:remote_help', { sessions: 9 }, 60_000);

    expect(await store.read('beacon:')).toEqual({
      'beacon:remote_help:1.0.0': { sessions: 2, errors: 2 },
      'beacon:remote_help:1.0.1': { sessions: 3, lcpSum: 1.75 },
    });
    expect(await store.read('beacon:remote_help:1.0.1')).toEqual({
      'beacon:remote_help:1.0.1': { sessions: 3, lcpSum: 1.75 },
    });
    expect(await store.read('none:')).toEqual({});
  });

  it('reads a prefix with glob characters literally', async () => {
    const store = makeStore(space());
    await store.add('a*', { n: 1 }, 60_000);
    await store.add('ab', { n: 1 }, 60_000);
    await store.add('a?[x]', { n: 1 }, 60_000);
    expect(Object.keys(await store.read('a*'))).toEqual(['a*']);
    expect(Object.keys(await store.read('a?'))).toEqual(['a?[x]']);
  });

  it('forgets a key ttlMs after its last add', async () => {
    const store = makeStore(space());
    await store.add('k', { n: 1 }, 150);
    await sleep(100);
    await store.add('k', { n: 1 }, 150);
    await sleep(100);
    expect(await store.read('k')).toEqual({ k: { n: 2 } });
    await sleep(120);
    expect(await store.read('k')).toEqual({});
    await store.add('k', { n: 5 }, 150);
    expect(await store.read('k')).toEqual({ k: { n: 5 } });
  });

  it('refuses a number that is not finite, and adds nothing of it', async () => {
    const store = makeStore(space());
    await expect(store.add('k', { n: 1, bad: Number.NaN }, 60_000)).rejects.toThrow(/bad/);
    await expect(store.add('k', { n: Number.POSITIVE_INFINITY }, 60_000)).rejects.toThrow(/n/);
    expect(await store.read('k')).toEqual({});
  });
});

describe('redis counter store across instances', () => {
  it('sums what two instances (two connections) add, and either reads the total', async () => {
    const prefix = space();
    const [one, two] = [new RedisCounterStore(connect(), prefix), new RedisCounterStore(connect(), prefix)];
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? one : two).add('k', { n: 1, odd: index % 2 }, 60_000),
      ),
    );
    expect(await one.read('')).toEqual({ k: { n: 20, odd: 10 } });
    expect(await two.read('')).toEqual({ k: { n: 20, odd: 10 } });
  });

  it('keeps its keys under its prefix', async () => {
    const prefix = space();
    const client = connect();
    await new RedisCounterStore(client, prefix).add('k', { n: 1 }, 60_000);
    expect(await client.hgetall(`${prefix}k`)).toEqual({ n: '1' });
    expect(await client.pttl(`${prefix}k`)).toBeGreaterThan(59_000);
  });
});

const rateLimitStores: [string, (prefix: string) => RateLimitStore][] = [
  ['memory', () => new MemoryRateLimitStore()],
  ['redis', (prefix) => new RedisRateLimitStore(connect(), prefix)],
];

describe.each(rateLimitStores)('%s rate limit store', (_kind, makeStore) => {
  it('counts the hits of one key in a window that starts at its first hit', async () => {
    const store = makeStore(space());
    const first = await store.hit('token:127.0.0.1', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await store.hit('token:127.0.0.1', 60_000)).count).toBe(2);
    expect((await store.hit('token:192.0.2.1', 60_000)).count).toBe(1);
  });

  it('starts a new window when the last one ended', async () => {
    const store = makeStore(space());
    await store.hit('k', 200);
    await sleep(120);
    const second = await store.hit('k', 200);
    expect(second).toMatchObject({ count: 2 });
    // The window's end stays where the first hit put it.
    expect(second.resetInMs).toBeLessThanOrEqual(100);
    await sleep(second.resetInMs + 30);
    const next = await store.hit('k', 200);
    expect(next.count).toBe(1);
    expect(next.resetInMs).toBeGreaterThan(150);
  });
});

describe('redis rate limit store across instances', () => {
  it('counts two instances (two connections) hitting one key as one window', async () => {
    const prefix = space();
    const [one, two] = [
      new RedisRateLimitStore(connect(), prefix),
      new RedisRateLimitStore(connect(), prefix),
    ];
    const counts: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      counts.push((await (index % 2 ? one : two).hit('csp-report:127.0.0.1', 60_000)).count);
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    const together = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? one : two).hit('burst', 60_000)),
    );
    expect(together.map((window) => window.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('gives a key without an expiry one, so it cannot count for ever', async () => {
    const prefix = space();
    const client = connect();
    await client.set(`${prefix}stuck`, '7');
    const window = await new RedisRateLimitStore(client, prefix).hit('stuck', 60_000);
    expect(window).toEqual({ count: 8, resetInMs: 60_000 });
    expect(await client.pttl(`${prefix}stuck`)).toBeGreaterThan(59_000);
  });
});
