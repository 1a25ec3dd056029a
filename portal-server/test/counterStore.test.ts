import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../src/shared/counterStore.js';

describe('MemoryCounterStore', () => {
  it('adds to each field of a key and reads the keys under a prefix', async () => {
    const store = new MemoryCounterStore();
    await store.add('a:1', { sessions: 1, 'error:boundary': 1 }, 60_000);
    await store.add('a:1', { sessions: 2 }, 60_000);
    await store.add('b:1', { sessions: 7 }, 60_000);
    expect(await store.read('a:')).toEqual({ 'a:1': { sessions: 3, 'error:boundary': 1 } });
  });

  it('forgets a key ttl after its last change, and starts it anew', async () => {
    let now = 0;
    const store = new MemoryCounterStore(() => now);
    await store.add('k', { n: 1 }, 1000);
    now = 900;
    await store.add('k', { n: 1 }, 1000);
    now = 1800;
    expect(await store.read('')).toEqual({ k: { n: 2 } });
    now = 1900;
    expect(await store.read('')).toEqual({});
    await store.add('k', { n: 1 }, 1000);
    expect(await store.read('')).toEqual({ k: { n: 1 } });
  });

  it('keeps at most maxKeys keys, dropping the oldest', async () => {
    const store = new MemoryCounterStore(Date.now, 2);
    for (const key of ['one', 'two', 'three']) await store.add(key, { n: 1 }, 60_000);
    expect(Object.keys(await store.read(''))).toEqual(['two', 'three']);
  });
});
