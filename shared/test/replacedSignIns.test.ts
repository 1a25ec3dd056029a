import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { refreshTokenAtom } from '../src/session/atoms';
import { revokeReplacedSignIns } from '../src/session/lifecycle/replacedSignIns';

const first = `rh1.${'A'.repeat(43)}`;
const second = `rh1.${'B'.repeat(43)}`;

describe('revokeReplacedSignIns', () => {
  it('a new sign-in in the page revokes the one it replaces; a refresh (same handle) and a logout (none) revoke nothing', async () => {
    const store = createStore();
    const revoke = vi.fn(async () => ({}));
    const stop = revokeReplacedSignIns(store, revoke);
    store.set(refreshTokenAtom, first);
    store.set(refreshTokenAtom, first);
    expect(revoke).not.toHaveBeenCalled();
    store.set(refreshTokenAtom, second);
    expect(revoke).toHaveBeenCalledExactlyOnceWith(first);
    store.set(refreshTokenAtom, null);
    store.set(refreshTokenAtom, first);
    expect(revoke).toHaveBeenCalledTimes(1);
    stop();
    store.set(refreshTokenAtom, second);
    expect(revoke).toHaveBeenCalledTimes(1);
  });

  it('a revoke that fails is only reported', async () => {
    const store = createStore();
    const warn = vi.fn();
    revokeReplacedSignIns(store, () => Promise.reject(new Error('offline')), warn);
    store.set(refreshTokenAtom, first);
    store.set(refreshTokenAtom, second);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
  });
});
