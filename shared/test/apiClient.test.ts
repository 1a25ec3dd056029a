import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../src/api/client';
import {
  authStatusAtom,
  clientTokenAtom,
  errorMessageAtom,
  clientTransactionIdAtom,
  flowStateAtom,
  lastTransactionAtom,
  lastUserActivityAtom,
  refreshTokenAtom,
  serviceUrlAtom,
  userTokenAtom,
} from '../src/session/atoms';
import { AuthStatus } from '../src/session/authStatus';

const SERVICE = 'http://sso.test/default/';

type Reply = { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> };

/** A fake fetch answering from a queue and recording every request. */
function fakeFetch(replies: Reply[]) {
  const calls: { url: string; init: RequestInit; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body =
      typeof init.body === 'string' && headers.get('Content-Type') === 'application/json'
        ? JSON.parse(init.body)
        : init.body;
    calls.push({ url: String(input), init, headers, body });
    const reply = replies.shift();
    if (!reply) throw new TypeError('Failed to fetch');
    const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text, { status: reply.status ?? 200, headers: reply.headers });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function setup(replies: Reply[]) {
  const store = createStore();
  store.set(serviceUrlAtom, SERVICE);
  store.set(clientTokenAtom, 'client-1');
  store.set(clientTransactionIdAtom, '6f1c2a1e-8d4b-4c3a-9b2e-1f0a2b3c4d5e');
  const { fetch, calls } = fakeFetch(replies);
  const api = createApiClient({
    store,
    fetch,
    now: () => 1_700_000_000_000,
    origin: () => 'http://localhost:8080',
  });
  return { store, api, calls };
}

describe('request headers and bases', () => {
  it('sends the flow state, transaction id and client token to the service URL', async () => {
    const { api, store, calls } = setup([{ body: { nextaction: 'PASSWORD_AUTH' } }]);
    store.set(flowStateAtom, 'fs-1');
    const result = await api.selectFactor('PASSWORD');
    expect(result).toMatchObject({ ok: true, data: { nextaction: 'PASSWORD_AUTH' }, status: 200 });
    expect(calls[0]?.url).toBe(`${SERVICE}auth/v1/SelectedFactor`);
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.headers.get('X-Flow-State')).toBe('fs-1');
    expect(calls[0]?.headers.get('X-CLIENT-TRANSACTION-ID')).toBe('6f1c2a1e-8d4b-4c3a-9b2e-1f0a2b3c4d5e');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer client-1');
    expect(calls[0]?.headers.get('X-Device-Tag')).toBeNull();
    expect(calls[0]?.body).toEqual({ factor: 'PASSWORD' });
  });

  it('omits the flow-state header when none is known', async () => {
    const { api, calls } = setup([{ body: {} }]);
    await api.chooseAnotherFactor();
    expect(calls[0]?.headers.has('X-Flow-State')).toBe(false);
    expect(calls[0]?.body).toEqual({ action: 'chooseanother' });
  });

  it('sends the FIDO verifier through the proxy URL', async () => {
    const { api, calls } = setup([{ body: { nextaction: 'AUTH_ALLOWED' } }]);
    await api.fidoAuthVerify({ id: 'abc' });
    expect(calls[0]?.url).toBe('/common/portal/proxy/factor/v1/FIDOAuthChallengeVerifier');
  });

  it('token calls go to the portal origin and keep tokens in memory', async () => {
    const { api, store, calls } = setup([
      { body: { access_token: 'u', refresh_token: 'r', expires_in: 60 } },
    ]);
    await api.getUserToken('id-token');
    expect(calls[0]?.url).toBe('/v1/token/generate/user_token');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(store.get(userTokenAtom)).toBe('u');
  });

  it("the page never holds a refresh token: it keeps its sign-in's handle in memory and sends it on refresh, re-exchange and revoke", async () => {
    const handle = `rh1.${'A'.repeat(43)}`;
    const next = `rh1.${'B'.repeat(43)}`;
    const { api, store, calls } = setup([
      { body: { access_token: 'u', refresh_token: 'raw-refresh-token', expires_in: 60 } },
      { body: { access_token: 'u1', refresh_token: handle, expires_in: 60 } },
      { body: { access_token: 'u2', refresh_token: handle, expires_in: 60 } },
      { body: { access_token: 'u3', refresh_token: next, expires_in: 60 } },
      { body: {} },
    ]);
    // A real refresh token (a reply past the portal server) is never kept.
    await api.getUserToken('id-token');
    expect(store.get(refreshTokenAtom)).toBeNull();
    expect(calls[0]?.body).toEqual({ assertion: 'id-token' });
    await api.getUserToken('id-token-2');
    expect(store.get(refreshTokenAtom)).toBe(handle);
    await api.refreshUserToken();
    expect(calls[2]?.url).toBe('/v1/token/generate/refresh');
    expect(calls[2]?.body).toEqual({
      grant_type: 'refresh_token',
      refresh_token: handle,
      scope: 'openid email profile offline_access',
    });
    // A re-exchange names the sign-in it replaces (the server keeps its start for the same user).
    await api.getUserToken('id-token-3');
    expect(calls[3]?.body).toEqual({ assertion: 'id-token-3', refresh_token: handle });
    expect(store.get(refreshTokenAtom)).toBe(next);
    await api.revokeToken(store.get(refreshTokenAtom) ?? '');
    expect(calls[4]?.url).toBe('/v1/token/revoke');
    expect(calls[4]?.body).toEqual({ token: next });
    expect(JSON.stringify(calls.map((call) => call.body))).not.toContain('raw-refresh-token');
  });

  it('environment configuration goes without interceptors', async () => {
    const { api, store, calls } = setup([{ body: { riskType: 'RSARISK', baseServiceUrl: SERVICE } }]);
    store.set(flowStateAtom, 'fs-1');
    const result = await api.loadEnvironment();
    expect(result.ok).toBe(true);
    expect(calls[0]?.url).toBe('/v1/config/environment');
    expect(
      [...(calls[0]?.headers.keys() ?? [])].filter((h) => h.startsWith('x-') || h === 'authorization'),
    ).toEqual([]);
    expect(store.get(lastTransactionAtom)).toBeNull();
  });

  it.each(['javascript:alert(1)//', 'data:text/html,<p>x</p>'])(
    'refuses an environment whose baseServiceUrl is %s (only http(s) is a service)',
    async (baseServiceUrl) => {
      const { api } = setup([{ body: { riskType: 'RSARISK', baseServiceUrl } }]);
      expect((await api.loadEnvironment()).ok).toBe(false);
    },
  );

  it('userinfo reads JSON or a signed token payload', async () => {
    const payload = btoa(JSON.stringify({ name: 'Ann Smith' })).replace(/=+$/, '');
    const { api, calls } = setup([{ raw: '{"name":"Ann"}' }, { raw: `eyJhbGciOiJub25lIn0.${payload}.sig` }]);
    expect(await api.getUserInfo('at')).toMatchObject({ ok: true, data: { name: 'Ann' } });
    expect(await api.getUserInfo('at')).toMatchObject({ ok: true, data: { name: 'Ann Smith' } });
    expect(calls[0]?.init.body).toBe('access_token=at');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
  });
});

describe('401 and a new client token', () => {
  const expired = { status: 401, body: { errorCode: '0000005', errorMessage: 'token expired' } };

  it('fetches a new client token and retries once with it', async () => {
    const { api, store, calls } = setup([
      expired,
      { body: { access_token: 'client-2' } },
      { body: { nextaction: 'PASSWORD_AUTH' } },
    ]);
    const result = await api.selectFactor('PASSWORD');
    expect(result.ok).toBe(true);
    expect(calls.map((c) => c.url)).toEqual([
      `${SERVICE}auth/v1/SelectedFactor`,
      '/v1/token/generate/client_token',
      `${SERVICE}auth/v1/SelectedFactor`,
    ]);
    expect(calls[2]?.headers.get('Authorization')).toBe('Bearer client-2');
    expect(store.get(clientTokenAtom)).toBe('client-2');
  });

  it("also on the message 'invalid access token'", async () => {
    const { api, calls } = setup([
      { status: 401, body: { error_description: 'invalid access token' } },
      { body: { access_token: 'c2' } },
      { body: {} },
    ]);
    expect((await api.selectFactor('PUSH')).ok).toBe(true);
    expect(calls).toHaveLength(3);
  });

  it('retries exactly once, never more', async () => {
    const { api, calls } = setup([
      expired,
      { body: { access_token: 'client-2' } },
      expired,
      { body: { access_token: 'c3' } },
      { body: {} },
    ]);
    const result = await api.selectFactor('PASSWORD');
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 401, errorCode: '0000005', message: 'token expired' },
    });
    expect(calls).toHaveLength(3);
  });

  it('does not retry another 401', async () => {
    const { api, calls } = setup([{ status: 401, body: { errorCode: '9999', errorMessage: 'no' } }]);
    expect((await api.selectFactor('PASSWORD')).ok).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('returns the original error when the new client token cannot be had', async () => {
    const { api, calls } = setup([expired, { status: 500, body: {} }]);
    expect(await api.selectFactor('PASSWORD')).toMatchObject({ ok: false, error: { status: 401 } });
    expect(calls).toHaveLength(2);
  });
});

describe('error text', () => {
  it.each([
    [{ errorMessage: 'a', error_description: 'b', data: { errorMessage: 'c', message: 'd' } }, 'a'],
    [{ error_description: 'b', data: { errorMessage: 'c', message: 'd' } }, 'b'],
    [{ data: { errorMessage: 'c', message: 'd' } }, 'c'],
    [{ data: { message: 'd' } }, 'd'],
    [{}, 'Unable to handle the request. Please try again later.'],
  ])('%j → %s', async (body, message) => {
    const { api } = setup([{ status: 400, body }]);
    expect(await api.resetUser('x')).toMatchObject({
      ok: false,
      error: { kind: 'http', status: 400, message },
    });
  });

  it('keeps the error code (428 / 1003033 for change password)', async () => {
    const { api } = setup([{ status: 428, body: { errorCode: 1003033, errorMessage: 'change' } }]);
    expect(await api.resetUser('x')).toMatchObject({
      ok: false,
      error: { status: 428, errorCode: '1003033' },
    });
  });
});

describe('flow state, restart needed and activity', () => {
  it('a reply carrying flowState updates the flow state (body or header)', async () => {
    const { api, store } = setup([
      { body: { flowState: 'fs-9' } },
      { body: {}, headers: { 'X-Flow-State': 'fs-10' } },
    ]);
    await api.selectFactor('PUSH');
    expect(store.get(flowStateAtom)).toBe('fs-9');
    await api.selectFactor('PUSH');
    expect(store.get(flowStateAtom)).toBe('fs-10');
  });

  it("errorCode 0000010 with 'Invalid X-Flow-State header' → restart needed", async () => {
    const { api, store } = setup([
      { status: 400, body: { errorCode: '0000010', errorMessage: 'Invalid X-Flow-State header' } },
    ]);
    const result = await api.selectFactor('PUSH');
    expect(result.ok).toBe(false);
    expect(store.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
    // The restartNeeded transition keeps the server's reason for the restart notice.
    expect(store.get(errorMessageAtom)).toBe('Invalid X-Flow-State header');
  });

  it('0000010 with another message does not force a restart', async () => {
    const { api, store } = setup([{ status: 400, body: { errorCode: '0000010', errorMessage: 'other' } }]);
    await api.selectFactor('PUSH');
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
  });

  it('every response, error or not, sets the last-transaction time and the idle signal', async () => {
    const { api, store } = setup([{ status: 500, body: {} }]);
    const seen: (Date | null)[] = [];
    store.sub(lastTransactionAtom, () => seen.push(store.get(lastTransactionAtom)));
    await api.selectFactor('PUSH');
    expect(seen).toEqual([new Date(1_700_000_000_000)]);
    expect(store.get(lastUserActivityAtom)).toEqual(new Date(1_700_000_000_000));
  });

  it('the token refresh is a background call: last-transaction time yes, idle signal no', async () => {
    const { api, store } = setup([
      { body: { access_token: 'u2', refresh_token: 'r2', expires_in: 360 } },
      { status: 400, body: { error: 'invalid_grant' } },
    ]);
    store.set(refreshTokenAtom, 'r1');
    const activity: (Date | null)[] = [];
    store.sub(lastUserActivityAtom, () => activity.push(store.get(lastUserActivityAtom)));
    expect(await api.refreshUserToken()).toMatchObject({ ok: true });
    expect(store.get(userTokenAtom)).toBe('u2');
    expect(store.get(lastTransactionAtom)).toEqual(new Date(1_700_000_000_000));
    expect(await api.refreshUserToken()).toMatchObject({ ok: false });
    expect(activity).toEqual([]);
    expect(store.get(lastUserActivityAtom)).toBeNull();
  });
});

describe('null and malformed replies become errors, never exceptions', () => {
  it("a null reply → 'Server error, response is null'", async () => {
    const { api } = setup([{ raw: 'null' }]);
    expect(await api.resetUser('a')).toEqual({
      ok: false,
      error: { kind: 'null', message: 'Server error, response is null', status: 200 },
    });
  });
  it('an empty reply → the null error', async () => {
    const { api } = setup([{ raw: '' }]);
    expect(await api.selectFactor('x')).toMatchObject({ ok: false, error: { kind: 'null' } });
  });
  it('a reply that is not JSON → a clear malformed error', async () => {
    const { api } = setup([{ raw: '<html>oops' }]);
    expect(await api.selectFactor('x')).toMatchObject({
      ok: false,
      error: { kind: 'malformed', message: 'The server sent a reply the portal cannot read.' },
    });
  });
  it('a reply of the wrong shape → malformed, with the reason for the console', async () => {
    const { api } = setup([{ body: { nextaction: 42 } }]);
    const result = await api.selectFactor('x');
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    expect(!result.ok && result.error.detail).toContain('nextaction');
  });
  it('a network failure → a network error', async () => {
    const { api } = setup([]);
    expect(await api.selectFactor('x')).toMatchObject({ ok: false, error: { kind: 'network' } });
  });
  it("the client token fetch without a description → 'Unexpected error, please try again.'", async () => {
    const { api } = setup([
      { status: 500, body: {} },
      { status: 400, body: { error_description: 'client disabled' } },
    ]);
    expect(await api.getClientToken()).toMatchObject({
      ok: false,
      error: { message: 'Unexpected error, please try again.' },
    });
    expect(await api.getClientToken()).toMatchObject({ ok: false, error: { message: 'client disabled' } });
  });
});

describe('onServerActivity', () => {
  it('fires once per response, and stops after unsubscribing', async () => {
    const { onServerActivity } = await import('../src/session/activity');
    const { api, store } = setup([{ body: {} }, { status: 400, body: {} }, { body: {} }]);
    const listener = vi.fn();
    const stop = onServerActivity(store, listener);
    await api.selectFactor('a');
    await api.selectFactor('b');
    stop();
    await api.selectFactor('c');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('onUserActivity', () => {
  it('fires for responses to calls the user caused, not for the background refresh', async () => {
    const { onUserActivity } = await import('../src/session/activity');
    const { api, store } = setup([
      { body: {} },
      { body: { access_token: 'u2', refresh_token: 'r2', expires_in: 360 } },
      { status: 400, body: {} },
    ]);
    store.set(refreshTokenAtom, 'r1');
    const listener = vi.fn();
    onUserActivity(store, listener);
    await api.selectFactor('a');
    await api.refreshUserToken();
    await api.selectFactor('b');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('FIDO challenge replies', () => {
  it('carry the public-key options in data; only a reply that is not an object is malformed', async () => {
    const options = {
      challenge: 'Y2hhbGxlbmdl',
      allowCredentials: [{ id: 'abc', type: 'public-key' }],
      rpId: 'localhost',
    };
    const { api, calls } = setup([
      { body: { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', flowState: 'f', data: options } },
      // The screen judges the nextaction, then the options (fido/challengeReply), so the client
      // hands over a reply without options, and one whose fields do not have their types.
      { body: { nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE', data: 'none', currentFactors: 1 } },
      { body: [options] },
    ]);
    const ok = await api.fidoAuthChallenge('FIDO', 'ann');
    expect(ok).toMatchObject({ ok: true, data: { data: options } });
    expect(calls[0]?.body).toEqual({
      documentDomain: 'http://localhost:8080',
      fidoCredType: 'FIDO',
      deviceTag: true,
      userName: 'ann',
    });
    expect(calls[0]?.headers.get('X-Device-Tag')).toBe('true');
    const unusable = await api.fidoAuthChallenge('FIDO');
    expect(unusable).toEqual({
      ok: true,
      status: 200,
      data: { nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE' },
    });
    expect(await api.fidoAuthChallenge('FIDO')).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });

  it('carry them in publicKey or at the top level just as well', async () => {
    const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
    const { api } = setup([
      { body: { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', publicKey: options } },
      { body: { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', ...options } },
    ]);
    expect(await api.fidoAuthChallenge('FIDO')).toMatchObject({ ok: true, data: { publicKey: options } });
    expect(await api.fidoAuthChallenge('FIDO')).toMatchObject({ ok: true, data: options });
  });
});

describe('cancelling a call', () => {
  /** A fetch that never answers by itself and rejects, as browsers do, when its signal aborts. */
  function hangingFetch() {
    const signals: (AbortSignal | undefined)[] = [];
    const fetch = vi.fn(
      (_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = init.signal ?? undefined;
          signals.push(signal);
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    return { fetch: fetch as unknown as typeof globalThis.fetch, signals };
  }

  it('passes the signal to fetch and resolves to an aborted result, not a network error', async () => {
    const store = createStore();
    store.set(serviceUrlAtom, SERVICE);
    const { fetch, signals } = hangingFetch();
    const api = createApiClient({ store, fetch });
    const controller = new AbortController();
    const pending = api.selectFactor('PUSH', { signal: controller.signal });
    await Promise.resolve();
    // fetch gets the caller's signal joined with the call's deadline: aborting one aborts it.
    expect(signals[0]?.aborted).toBe(false);
    controller.abort();
    expect(signals[0]?.aborted).toBe(true);
    expect(await pending).toEqual({ ok: false, error: { kind: 'aborted', message: '' } });
  });

  it('a reply that comes after the abort is still aborted, but keeps its flow state', async () => {
    const controller = new AbortController();
    const { api, store } = setup([{ body: { nextaction: 'PUSH_AUTH', flowState: 'fs-late' } }]);
    const pending = api.selectFactor('PUSH', { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'aborted' } });
    expect(store.get(flowStateAtom)).toBe('fs-late');
  });

  it('does not renew the client token for a call already cancelled', async () => {
    const controller = new AbortController();
    const { api, calls } = setup([{ status: 401, body: { errorCode: '0000005', errorMessage: 'x' } }]);
    const pending = api.selectFactor('PUSH', { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'aborted' } });
    expect(calls).toHaveLength(1);
  });
});
