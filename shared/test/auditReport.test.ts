import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { ApiResult } from '../src/api/result';
import { HEADERS } from '../src/api/request';
import { IDLE_TIMEOUT_MS } from '../src/constants';
import { AUDIT_EVENTS_PATH, reportAuditEvent } from '../src/audit/reportEvent';
import {
  clientTransactionIdAtom,
  loginNameAtom,
  refreshTokenAtom,
  tokenExpiryAtom,
  userNameAtom,
} from '../src/session/atoms';
import { startSessionLifecycle } from '../src/session/lifecycle/sessionLifecycle';
import { fakeServer } from '../test-support/fakeServer';

const TX = '3f8e2c1a-7b4d-4e5f-9a0b-1c2d3e4f5a6b';
/** The sign-in's refresh handle, as the portal server hands it out (`rh1.` and 43 base64url characters). */
const HANDLE = `rh1.${'h'.repeat(43)}`;
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
    store.set(refreshTokenAtom, HANDLE);
    store.set(clientTransactionIdAtom, TX);
    store.set(tokenExpiryAtom, Date.now() + HOUR);
    // Logout forgets the user at once: the report must already be on its way by then.
    const reportedBeforeLogout: number[] = [];
    const logout = vi.fn(() => {
      reportedBeforeLogout.push(server.requestsTo('POST', AUDIT_EVENTS_PATH).length);
      store.set(userNameAtom, null);
      store.set(refreshTokenAtom, null);
      store.set(clientTransactionIdAtom, null);
    });
    const server = fakeServer();
    startSessionLifecycle({ store, refresh, logout, inputTarget: null });
    return { server, logout, reportedBeforeLogout, store };
  }

  it('after ten idle minutes: POST /v1/audit/events { event: session.idle-logout, refresh_token: <handle> }, same origin (the sealed cookie goes along), keepalive, with the transaction id', async () => {
    const { server, logout, reportedBeforeLogout } = signedIn();
    server.on('POST', AUDIT_EVENTS_PATH, { status: 204 });
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS);
    expect(logout).toHaveBeenCalledExactlyOnceWith('idle');
    expect(reportedBeforeLogout).toEqual([1]);
    const [report] = server.requestsTo('POST', AUDIT_EVENTS_PATH);
    expect(report?.url).toBe('/v1/audit/events');
    // The handle proves the sign-in; the user is the one the server sealed, so the page names none.
    expect(report?.body).toEqual({ event: 'session.idle-logout', refresh_token: HANDLE });
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

  it('the report is on its way before logout forgets the handle, and it is the handle of that sign-in', async () => {
    const { server, reportedBeforeLogout, store } = signedIn();
    server.on('POST', AUDIT_EVENTS_PATH, { status: 204 });
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS);
    expect(reportedBeforeLogout).toEqual([1]);
    expect(store.get(refreshTokenAtom)).toBeNull();
    expect(server.requestsTo('POST', AUDIT_EVENTS_PATH).map((request) => request.body)).toEqual([
      { event: 'session.idle-logout', refresh_token: HANDLE },
    ]);
  });
});

describe('reportAuditEvent: what the portal server receives', () => {
  it('the event and the handle only: no user name, whatever the page knows of the user', () => {
    const store = createStore();
    store.set(userNameAtom, 'pat.password');
    store.set(loginNameAtom, 'Pat.Password');
    store.set(refreshTokenAtom, HANDLE);
    const server = fakeServer();
    server.on('POST', AUDIT_EVENTS_PATH, { status: 204 });
    reportAuditEvent(store, 'session.idle-logout', server.fetch);
    const [report] = server.requestsTo('POST', AUDIT_EVENTS_PATH);
    expect(report?.body).toEqual({ event: 'session.idle-logout', refresh_token: HANDLE });
    expect(JSON.stringify(report?.body)).not.toMatch(/pat\.password/i);
    expect(report?.headers.get(HEADERS.transactionId)).toBeNull();
  });

  it('sends nothing without a sign-in handle (the server would refuse it)', () => {
    const store = createStore();
    store.set(userNameAtom, 'pat.password');
    store.set(clientTransactionIdAtom, TX);
    const server = fakeServer();
    reportAuditEvent(store, 'session.idle-logout', server.fetch);
    expect(server.requests).toEqual([]);
  });
});
