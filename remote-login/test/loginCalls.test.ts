import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { createSend } from '@portal/shared/transport';
import {
  authStatusAtom,
  clientTokenAtom,
  clientTransactionIdAtom,
  errorMessageAtom,
  flowStateAtom,
  rememberDeviceEnabledAtom,
  serviceUrlAtom,
  AuthStatus,
} from '@portal/shared/session';
import { createIdpCalls } from '../src/api/idpCalls';
import { createLoginCalls } from '../src/api/loginCalls';

const SERVICE = 'http://sso.test/default/';

type Reply = { status?: number; body?: unknown; raw?: string };

/** A fake fetch answering from a queue and recording what the server would receive. */
function fakeFetch(replies: Reply[]) {
  const calls: { url: string; method: string | undefined; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url: String(input), method: init.method, headers, body });
    const reply = replies.shift();
    if (!reply) throw new TypeError('Failed to fetch');
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, { status: reply.status ?? 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function setup(replies: Reply[]) {
  const store = createStore();
  store.set(serviceUrlAtom, SERVICE);
  store.set(clientTokenAtom, 'client-1');
  store.set(clientTransactionIdAtom, '6f1c2a1e-8d4b-4c3a-9b2e-1f0a2b3c4d5e');
  const { fetch, calls } = fakeFetch(replies);
  const send = createSend({ store, fetch, now: () => 1_700_000_000_000 });
  const api = { ...createLoginCalls(store, send), ...createIdpCalls(store, send) };
  return { store, api, calls };
}

describe('the sign-in calls (spec section 7)', () => {
  it('authenticate lower-cases the subject, adds the latest-flow-state marker and resets remember-device', async () => {
    const { api, store, calls } = setup([{ body: {} }, { body: {} }]);
    store.set(rememberDeviceEnabledAtom, true);
    await api.authenticate({ channel: 'web', action: 'authenticate', subject: 'Ann.Smith' });
    expect(calls[0]?.url).toBe(`${SERVICE}auth/v1/authenticate`);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer client-1');
    expect(calls[0]?.body).toEqual({ channel: 'web', action: 'authenticate', subject: 'ann.smith' });
    expect(store.get(rememberDeviceEnabledAtom)).toBe(false);
    store.set(flowStateAtom, 'fs-1');
    await api.authenticate({ channel: 'web', action: 'authenticate', subject: 'ann' });
    expect(calls[1]?.body).toMatchObject({ latestFlowState: true });
  });

  it('authenticateWithoutSubject: the flow state and its marker, no subject, remember-device reset', async () => {
    const { api, store, calls } = setup([{ body: { flowState: 'fs-2', flowStateId: 'id', userName: '' } }]);
    store.set(rememberDeviceEnabledAtom, true);
    store.set(flowStateAtom, 'fs-1');
    const result = await api.authenticateWithoutSubject({
      channel: 'web',
      action: 'authenticate',
      device: { signature: 'print' },
    });
    expect(result).toMatchObject({ ok: true, data: { userName: '' } });
    expect(calls[0]?.url).toBe(`${SERVICE}auth/v1/authenticate`);
    expect(calls[0]?.headers.get('X-Flow-State')).toBe('fs-1');
    expect(calls[0]?.body).toEqual({
      channel: 'web',
      action: 'authenticate',
      device: { signature: 'print' },
      latestFlowState: true,
    });
    expect(store.get(rememberDeviceEnabledAtom)).toBe(false);
    // The reply's flow state is kept, as for every reply.
    expect(store.get(flowStateAtom)).toBe('fs-2');
  });

  it("a null reply to authenticate → 'Server error, response is null'", async () => {
    const { api } = setup([{ raw: 'null' }]);
    expect(await api.authenticate({ channel: 'web', action: 'authenticate', subject: 'a' })).toEqual({
      ok: false,
      error: { kind: 'null', message: 'Server error, response is null', status: 200 },
    });
  });

  it('identity-provider generate: X-Relay-State header and a text reply', async () => {
    const { api, calls } = setup([{ raw: '<form method="post"></form>' }]);
    const result = await api.generateIdpForm('http://localhost:8080/idpComplete');
    expect(calls[0]?.url).toBe(`${SERVICE}oauth2/v1/idp`);
    expect(calls[0]?.headers.get('X-Relay-State')).toBe('http://localhost:8080/idpComplete');
    expect(result).toEqual({ ok: true, data: '<form method="post"></form>', status: 200 });
  });

  it('password: the device tag header and body marker, as the spec says', async () => {
    const { api, calls } = setup([{ body: {} }]);
    await api.passwordAuthenticate('secret');
    expect(calls[0]?.url).toBe(`${SERVICE}factor/v1/PasswordAuthenticator`);
    expect(calls[0]?.headers.get('X-Device-Tag')).toBe('true');
    expect(calls[0]?.body).toEqual({ password: 'secret', deviceTag: true });
  });

  it('password: keeps the error code (428 / 1003033 for change password)', async () => {
    const { api } = setup([{ status: 428, body: { errorCode: 1003033, errorMessage: 'change' } }]);
    expect(await api.passwordAuthenticate('x')).toMatchObject({
      ok: false,
      error: { status: 428, errorCode: '1003033' },
    });
  });

  it('change password: PUT MePasswordUpdater with the current and the new password', async () => {
    const { api, calls } = setup([{ body: { nextaction: 'AUTH_ALLOWED' } }]);
    expect((await api.updatePassword('old-pass', 'new-pass')).ok).toBe(true);
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url).toBe(`${SERVICE}factor/v1/MePasswordUpdater`);
    expect(calls[0]?.body).toEqual({ currentPassword: 'old-pass', newPassword: 'new-pass' });
  });
});

describe('identity-provider re-authentication goes through the kernel transport', () => {
  const body = { channel: 'web', action: 'authenticate', latestFlowState: true };

  it('sends the returned flow state, no subject, and routes a user back', async () => {
    const { api, store, calls } = setup([{ body: { nextaction: 'AUTH_ALLOWED', userName: 'ida' } }]);
    const result = await api.reauthenticateAfterIdp('fs-idp');
    expect(result).toMatchObject({ ok: true, data: { userName: 'ida' } });
    expect(calls[0]?.url).toBe(`${SERVICE}auth/v1/authenticate`);
    expect(calls[0]?.headers.get('X-Flow-State')).toBe('fs-idp');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer client-1');
    expect(calls[0]?.body).toEqual(body);
    expect(store.get(flowStateAtom)).toBe('fs-idp');
  });

  it('gets a new client token on a 401 and retries once', async () => {
    const { api, calls } = setup([
      { status: 401, body: { errorCode: '0000005', errorMessage: 'token expired' } },
      { body: { access_token: 'client-2' } },
      { body: { nextaction: 'AUTH_ALLOWED', userName: 'ida' } },
    ]);
    expect((await api.reauthenticateAfterIdp('fs-idp')).ok).toBe(true);
    expect(calls.map((c) => c.url)).toEqual([
      `${SERVICE}auth/v1/authenticate`,
      '/v1/token/generate/client_token',
      `${SERVICE}auth/v1/authenticate`,
    ]);
    expect(calls[2]?.headers.get('Authorization')).toBe('Bearer client-2');
    expect(calls[2]?.body).toEqual(body);
  });

  it("0000010 'Invalid X-Flow-State header' → restart needed, with the server's text", async () => {
    const { api, store } = setup([
      { status: 400, body: { errorCode: '0000010', errorMessage: 'Invalid X-Flow-State header' } },
    ]);
    expect((await api.reauthenticateAfterIdp('fs-stale')).ok).toBe(false);
    expect(store.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
    expect(store.get(errorMessageAtom)).toBe('Invalid X-Flow-State header');
  });
});
