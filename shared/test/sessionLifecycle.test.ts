import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../src/api/result';
import {
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_MS,
  MAX_REFRESH_INTERVAL_MS,
  TOKEN_REFRESH_BUFFER_MS,
} from '../src/constants';
import {
  idleLogoutAtAtom,
  lastTransactionAtom,
  lastUserActivityAtom,
  tokenExpiryAtom,
  tokensReceivedAtAtom,
} from '../src/session/atoms';
import { refreshDelay } from '../src/session/lifecycle/refreshDelay';
import { startSessionLifecycle } from '../src/session/lifecycle/sessionLifecycle';

const MINUTE = 60_000;
const ok: ApiResult<unknown> = { ok: true, data: {}, status: 200 };
const failed: ApiResult<unknown> = {
  ok: false,
  error: { kind: 'http', message: 'invalid_grant', status: 400 },
};

describe('refreshDelay', () => {
  it('is the time until five minutes before expiry', () => {
    expect(refreshDelay(1_000_000 + 15 * MINUTE, 1_000_000)).toBe(10 * MINUTE);
  });
  it('is at most MAX_REFRESH_INTERVAL_MS after the tokens were received, however late they expire', () => {
    expect(refreshDelay(1_000_000 + 60 * MINUTE, 1_000_000 + 2 * MINUTE, 1_000_000)).toBe(
      MAX_REFRESH_INTERVAL_MS - 2 * MINUTE,
    );
    expect(refreshDelay(1_000_000 + 12 * MINUTE, 1_000_000, 1_000_000)).toBe(7 * MINUTE);
  });
  it('is zero once that moment has passed, and null without an expiry', () => {
    expect(refreshDelay(1_000 + TOKEN_REFRESH_BUFFER_MS - 1, 1_000)).toBe(0);
    expect(refreshDelay(null, 1_000)).toBeNull();
  });
});

describe('startSessionLifecycle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  /**
   * The store as the API client leaves it: every response sets the last-transaction time; a
   * response to a call the user caused also the user-activity time; the refresh is a background
   * call that stores a new expiry `tokenMinutes` ahead.
   */
  function setup(refreshResults: ApiResult<unknown>[] = [ok], tokenMinutes = 15) {
    const store = createStore();
    store.set(tokensReceivedAtAtom, Date.now());
    store.set(tokenExpiryAtom, Date.now() + tokenMinutes * MINUTE);
    let refreshLatencyMs = 0;
    const refresh = vi.fn(async () => {
      const result = refreshResults.shift() ?? ok;
      if (refreshLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, refreshLatencyMs));
      store.set(lastTransactionAtom, new Date());
      if (result.ok) {
        store.set(tokensReceivedAtAtom, Date.now());
        store.set(tokenExpiryAtom, Date.now() + tokenMinutes * MINUTE);
      }
      return result;
    });
    const logout = vi.fn();
    const stop = startSessionLifecycle({ store, refresh, logout });
    const respond = () => {
      store.set(lastTransactionAtom, new Date());
      store.set(lastUserActivityAtom, new Date());
    };
    const slowRefresh = (ms: number) => {
      refreshLatencyMs = ms;
    };
    return { store, refresh, logout, stop, respond, slowRefresh };
  }

  it('refreshes once, five minutes before expiry', async () => {
    const { refresh, respond } = setup([ok], 14);
    await vi.advanceTimersByTimeAsync(9 * MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();
    respond();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    respond();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('reschedules from the new expiry after a refresh', async () => {
    const { refresh, respond } = setup();
    for (let minute = 0; minute < 20; minute += 5) {
      respond();
      await vi.advanceTimersByTimeAsync(5 * MINUTE);
    }
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("refreshes at least every MAX_REFRESH_INTERVAL_MS (a minute inside the server's idle limit), whatever the token's lifetime", async () => {
    const { refresh, respond } = setup([ok, ok], 60);
    expect(MAX_REFRESH_INTERVAL_MS).toBe(IDLE_TIMEOUT_MS - MINUTE);
    await vi.advanceTimersByTimeAsync(MAX_REFRESH_INTERVAL_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    respond();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    respond();
    await vi.advanceTimersByTimeAsync(MAX_REFRESH_INTERVAL_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('logs out when the refresh fails', async () => {
    const { logout, respond } = setup([failed]);
    respond();
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    respond();
    await vi.advanceTimersByTimeAsync(1 * MINUTE);
    expect(logout).toHaveBeenCalledExactlyOnceWith('refreshFailed');
  });

  it('logs out after ten idle minutes', async () => {
    const { store, logout } = setup();
    store.set(tokenExpiryAtom, Date.now() + 60 * MINUTE);
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
  });

  it('every server response restarts the idle countdown', async () => {
    const { store, logout, respond } = setup();
    store.set(tokenExpiryAtom, Date.now() + 60 * MINUTE);
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    respond();
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1 * MINUTE);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
  });

  it('the background refresh is not activity: an idle session still ends', async () => {
    const { refresh, logout } = setup();
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS);
    // The refresh fell due at the same moment as the idle timeout; it did not keep the session.
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
  });

  it('a 6-minute token refreshed every minute does not keep an idle session: logout at 10 minutes', async () => {
    const { refresh, logout } = setup([], 6);
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1);
    expect(refresh).toHaveBeenCalledTimes(9);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
  });

  it('with that token, a user response restarts the countdown from its own time', async () => {
    const { refresh, logout, respond } = setup([], 6);
    await vi.advanceTimersByTimeAsync(5 * MINUTE + 30_000);
    respond();
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
    expect(refresh.mock.calls.length).toBeGreaterThanOrEqual(15);
  });

  it('a user response that arrives while a refresh is in flight still counts', async () => {
    const { store, logout, respond, slowRefresh } = setup([], 6);
    store.set(tokenExpiryAtom, Date.now() + 6 * MINUTE);
    slowRefresh(2_000);
    await vi.advanceTimersByTimeAsync(MINUTE + 1_000); // the refresh is waiting for its reply
    respond();
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
  });

  it('stop cancels both timers', async () => {
    const { refresh, logout, stop } = setup();
    stop();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
  });
});

describe('the warning before the idle logout, and the user input that counts as activity', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  function start(warningMs?: number) {
    const store = createStore();
    store.set(tokenExpiryAtom, Date.now() + 60 * MINUTE);
    const logout = vi.fn();
    const input = new EventTarget();
    const stop = startSessionLifecycle({
      store,
      refresh: async () => ok,
      logout,
      warningMs,
      inputTarget: input,
    });
    return { store, logout, input, stop };
  }

  it('says when the logout will happen, IDLE_WARNING_MS (2 minutes) before it', async () => {
    const { store, logout } = start();
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 1);
    expect(store.get(idleLogoutAtAtom)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get(idleLogoutAtAtom)).toBe(IDLE_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_MS);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
  });

  it('the configured warning time is used', async () => {
    const { store } = start(30_000);
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 30_001);
    expect(store.get(idleLogoutAtAtom)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get(idleLogoutAtAtom)).toBe(IDLE_TIMEOUT_MS);
  });

  it('a key or a pointer pressed is activity: the warning goes and the 10 minutes start again', async () => {
    const { store, logout, input } = start();
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(store.get(idleLogoutAtAtom)).not.toBeNull();
    input.dispatchEvent(new Event('keydown'));
    expect(store.get(idleLogoutAtAtom)).toBeNull();
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    input.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1 * MINUTE);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
  });

  it('stopping removes the listeners and the warning', async () => {
    const { store, input, stop } = start();
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    stop();
    expect(store.get(idleLogoutAtAtom)).toBeNull();
    input.dispatchEvent(new Event('keydown'));
    expect(store.get(lastUserActivityAtom)).toBeNull();
  });
});
