import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { ApiResult } from '../src/api/result';
import { AUDIT_EVENTS_PATH } from '../src/audit/reportEvent';
import { IDLE_TIMEOUT_MS } from '../src/constants';
import { clientTransactionIdAtom, tokenExpiryAtom, userNameAtom } from '../src/session/atoms';
import { startSessionLifecycle } from '../src/session/lifecycle/sessionLifecycle';
import { fakeServer } from '../test-support/fakeServer';

const TX = '3f8e2c1a-7b4d-4e5f-9a0b-1c2d3e4f5a6b';
const HOUR = 60 * 60_000;
const failed: ApiResult<unknown> = {
  ok: false,
  error: { kind: 'http', message: 'invalid_grant', status: 400 },
};

describe('the idle logout tells the portal server audit trail', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  function signedIn(refresh: () => Promise<ApiResult<unknown>> = async () => failed) {
    const store = createStore();
    store.set(userNameAtom, 'pat.password');
    store.set(clientTransactionIdAtom, TX);
    store.set(tokenExpiryAtom, Date.now() + HOUR);
    // Logout forgets the user at once: the report must already be on its way by then.
    const reportedBeforeLogout: number[] = [];
    const logout = vi.fn(() => {
      reportedBeforeLogout.push(server.requestsTo('POST', AUDIT_EVENTS_PATH).length);
      store.set(userNameAtom, null);
      store.set(clientTransactionIdAtom, null);
    });
    const server = fakeServer();
    startSessionLifecycle({ store, refresh, logout, inputTarget: null });
    return { server, logout, reportedBeforeLogout, store };
  }

  it('after ten idle minutes: POST /v1/audit/events { event: session.idle-logout, userName }, same origin, keepalive, with the transaction id', async () => {
    const { server, logout, reportedBeforeLogout } = signedIn();
    server.on('POST', AUDIT_EVENTS_PATH, { status: 204 });
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
    expect(reportedBeforeLogout).toEqual([1]);
    const [report] = server.requestsTo('POST', AUDIT_EVENTS_PATH);
    expect(report?.url).toBe('/v1/audit/events');
    expect(report?.body).toEqual({ event: 'session.idle-logout', userName: 'pat.password' });
    expect(report?.headers.get('X-CLIENT-TRANSACTION-ID')).toBe(TX);
    expect(report?.headers.get('Content-Type')).toBe('application/json');
    const init = (server.fetch as unknown as Mock).mock.calls[0]?.[1] as RequestInit;
    expect(init).toMatchObject({ keepalive: true, credentials: 'same-origin' });
  });

  it('a report the network loses does not hold up the logout', async () => {
    const { server, logout } = signedIn();
    server.on('POST', AUDIT_EVENTS_PATH, { networkError: true });
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
  });

  it('a failed refresh is not reported by the page (the server refused it and logged it itself)', async () => {
    const { server, logout, store } = signedIn();
    store.set(tokenExpiryAtom, Date.now() + 6 * 60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(logout).toHaveBeenCalledExactlyOnceWith('refreshFailed');
    expect(server.requests).toEqual([]);
  });
});
