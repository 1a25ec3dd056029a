import { describe, expect, it } from 'vitest';
import { SsoReachability } from '../src/health/ssoReachability.js';
import { MemoryFlowUsers, ResilientFlowUsers } from '../src/proxy/flowUsers.js';
import { limitOf } from '../src/rateLimit/rateLimit.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../src/rateLimit/rateLimitStore.js';
import { ResilientRateLimitStore } from '../src/rateLimit/resilientRateLimitStore.js';
import { ResilientCounterStore } from '../src/shared/resilientCounterStore.js';
import { MemoryCounterStore } from '../src/shared/counterStore.js';
import { StoreHealth } from '../src/shared/storeHealth.js';

/** A log that keeps its lines' messages. */
function lines() {
  const messages: string[] = [];
  return {
    messages,
    log: {
      info: (_object: object, message: string) => messages.push(message),
      error: (_object: object, message: string) => messages.push(message),
    },
  };
}

/** A shared store that fails while `down` is set, and counts its calls. */
class FlakyStore implements RateLimitStore {
  down = false;
  calls = 0;
  private readonly inner = new MemoryRateLimitStore();
  async hit(key: string, windowMs: number) {
    this.calls += 1;
    if (this.down) throw new Error('connection refused');
    return this.inner.hit(key, windowMs);
  }
}

describe('the shared store, degraded rather than dead', () => {
  it('a limit counted alone is cut to its share, at least 1', () => {
    const rule = { name: 'proxy', limit: 30, windowMs: 60_000 };
    expect(limitOf(rule, { count: 1, resetInMs: 1 })).toBe(30);
    expect(limitOf(rule, { count: 1, resetInMs: 1, shareOf: 4 })).toBe(7);
    expect(limitOf({ ...rule, limit: 2 }, { count: 1, resetInMs: 1, shareOf: 4 })).toBe(1);
  });

  it('counts in memory at its share while the store fails, skips the store meanwhile but tries it each second', async () => {
    let now = 0;
    const { messages, log } = lines();
    const changes: boolean[] = [];
    const health = new StoreHealth(
      log,
      'redis://cache',
      (up) => changes.push(up),
      () => now,
    );
    const shared = new FlakyStore();
    const store = new ResilientRateLimitStore(
      shared,
      health,
      3,
      new MemoryRateLimitStore(() => now),
      () => now,
    );

    expect(await store.hit('k', 60_000)).not.toHaveProperty('shareOf');
    shared.down = true;
    expect(await store.hit('k', 60_000)).toMatchObject({ count: 1, shareOf: 3 });
    expect(health.state()).toMatchObject({ state: 'failing', outages: 1 });
    const callsDuringOutage = shared.calls;
    for (let i = 0; i < 5; i += 1) await store.hit('k', 60_000);
    expect(shared.calls).toBe(callsDuringOutage);
    now = 1000;
    expect(await store.hit('k', 60_000)).toMatchObject({ count: 7, shareOf: 3 });
    expect(shared.calls).toBe(callsDuringOutage + 1);
    shared.down = false;
    now = 2000;
    const shared2 = await store.hit('k', 60_000);
    expect(shared2.count).toBe(2);
    expect(shared2).not.toHaveProperty('shareOf');
    expect(health.state()).toEqual({ state: 'ok', outages: 1 });
    expect(changes).toEqual([false, true]);
    // One line as the outage began, one as it ended.
    expect(messages.filter((message) => message.startsWith('shared store unreachable'))).toHaveLength(1);
    expect(messages.filter((message) => message.startsWith('shared store reachable again'))).toHaveLength(1);
  });

  it('remembers flows in its own memory too, and reads them there while the store fails', async () => {
    const health = new StoreHealth(lines().log, 'redis://cache');
    let down = false;
    const sharedMemory = new MemoryFlowUsers();
    const shared = {
      userOf: async (flow: string) => {
        if (down) throw new Error('timeout');
        return sharedMemory.userOf(flow);
      },
      remember: async (flow: string, user: string) => {
        if (down) throw new Error('timeout');
        return sharedMemory.remember(flow, user);
      },
    };
    const here = new ResilientFlowUsers(shared, health);
    const there = new ResilientFlowUsers(shared, health);
    await here.remember('flow:a', 'user:pat');
    expect(await there.userOf('flow:a')).toBe('user:pat');
    down = true;
    await here.remember('flow:b', 'user:sam');
    expect(health.failing).toBe(true);
    expect(await here.userOf('flow:b')).toBe('user:sam');
    expect(await there.userOf('flow:b')).toBeUndefined();
  });

  it('drops a beacon count while the store fails, and refuses to read partial counts', async () => {
    const health = new StoreHealth(lines().log, 'redis://cache');
    const memory = new MemoryCounterStore();
    let down = false;
    const shared = {
      add: async (key: string, fields: Record<string, number>, ttl: number) => {
        if (down) throw new Error('timeout');
        return memory.add(key, fields, ttl);
      },
      read: async (prefix: string) => {
        if (down) throw new Error('timeout');
        return memory.read(prefix);
      },
    };
    const store = new ResilientCounterStore(shared, health);
    await store.add('b:1', { sessions: 1 }, 60_000);
    down = true;
    await expect(store.add('b:1', { sessions: 1 }, 60_000)).resolves.toBeUndefined();
    await expect(store.read('b:')).rejects.toThrow('timeout');
    // A bad number is still the caller's mistake, not an outage.
    down = false;
    health.answered();
    await expect(store.add('b:1', { sessions: Number.NaN }, 60_000)).rejects.toThrow(RangeError);
    expect(await store.read('b:')).toEqual({ 'b:1': { sessions: 1 } });
  });
});

describe('the SSO, as /dependencies sees it', () => {
  it('fails after three calls in a row without a usable answer, and is ok again at the first answer', async () => {
    const changes: boolean[] = [];
    const sso = new SsoReachability(
      'http://sso.test/',
      (up) => changes.push(up),
      async () => new Response('', { status: 404 }),
    );
    sso.observe(0);
    sso.observe(502);
    expect(changes).toEqual([]);
    sso.observe(504);
    expect(changes).toEqual([false]);
    sso.observe(200);
    expect(changes).toEqual([false, true]);
  });

  it('probes the SSO when asked, at most once in five seconds', async () => {
    let now = 0;
    let probes = 0;
    let answer: () => Promise<Response> = async () => new Response('', { status: 404 });
    const sso = new SsoReachability(
      'http://sso.test/',
      () => {},
      async () => {
        probes += 1;
        return answer();
      },
      () => now,
    );
    expect(await sso.state()).toMatchObject({ state: 'ok', failuresInARow: 0 });
    answer = async () => {
      throw new TypeError('fetch failed');
    };
    now = 4000;
    expect(await sso.state()).toMatchObject({ state: 'ok' });
    expect(probes).toBe(1);
    now = 5000;
    expect(await sso.state()).toMatchObject({ state: 'failing' });
    expect(probes).toBe(2);
  });
});
