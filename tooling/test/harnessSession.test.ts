import { createSend } from '@portal/shared/transport';
import {
  authStatusAtom,
  clientTokenAtom,
  factorReplyAtom,
  flowStateAtom,
  serviceUrlAtom,
  userNameAtom,
  userTokenAtom,
  AuthStatus,
} from '@portal/shared/session';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { readHarnessAddress } from '../harness/harnessAddress';
import { setUpSession } from '../harness/sessionSetup';

/*
 * The dev harness makes the state its address names the way the portal does: a client token from
 * the portal server, then a real sign-in for a fixture user through the kernel's transport. Here
 * the portal server and the SSO behind its proxy are a fake fetch that answers as they do and
 * records what the page sent.
 */

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const PAGE = 'http://127.0.0.1:3002';
const PROXY = `${PAGE}/common/portal/proxy/`;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakePortal(replies: Record<string, (sent: Sent) => Response>) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: Sent = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const reply = replies[request.url];
    if (!reply) throw new Error(`unexpected call ${request.method} ${request.url}`);
    return reply(request);
  };
  return { sent, fetch };
}

const portal = {
  '/v1/config/environment': () =>
    json({ baseServiceUrl: 'http://localhost:8080/common/portal/proxy/', riskType: 'AARISK' }),
  '/v1/token/generate/client_token': () => json({ access_token: 'client-token-1', expires_in: 300 }),
};

function harness(replies: Record<string, (sent: Sent) => Response>) {
  const store = createStore();
  const server = fakePortal({ ...portal, ...replies });
  const send = createSend({ store, fetch: server.fetch, now: () => 1_000 });
  return {
    store,
    server,
    deps: { store, send, passwordPaths: ['/verify'], pageOrigin: PAGE, now: () => 1_000 },
  };
}

describe('the harness session set-up', () => {
  it('reaches the portal server’s proxy through its own origin (its dev server passes it on)', async () => {
    const { store, deps } = harness({});
    await setUpSession({ kind: 'none' }, '/help', deps);
    expect(store.get(serviceUrlAtom)).toBe(PROXY);
  });

  it('gets a client token from the portal server for every address', async () => {
    const { store, server, deps } = harness({});
    const result = await setUpSession({ kind: 'none' }, '/help', deps);
    expect(result).toEqual({ ok: true, summary: 'client token' });
    expect(store.get(clientTokenAtom)).toBe('client-token-1');
    expect(server.sent.map((call) => call.url)).toEqual([
      '/v1/config/environment',
      '/v1/token/generate/client_token',
    ]);
  });

  it('state=factor: starts the fixture user’s sign-in, answers the password, opens the factor step it reached', async () => {
    const sms = {
      nextaction: 'SMS_OTP_AUTH',
      flowState: 'flow-2',
      userName: 'sam.sms',
      currentFactors: ['SMSOTP'],
    };
    const { store, server, deps } = harness({
      [`${PROXY}auth/v1/authenticate`]: () => json({ nextaction: 'PASSWORD_AUTH', flowState: 'flow-1' }),
      [`${PROXY}factor/v1/PasswordAuthenticator`]: () => json(sms),
    });
    const result = await setUpSession(
      { kind: 'factor', user: 'sam.sms', password: 'Passw0rd!' },
      '/sotp',
      deps,
    );

    expect(result).toEqual({ ok: true, summary: 'factor step SMS_OTP_AUTH for sam.sms' });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Factor);
    expect(store.get(factorReplyAtom)).toMatchObject(sms);
    expect(store.get(flowStateAtom)).toBe('flow-2');
    expect(store.get(userNameAtom)).toBe('sam.sms');
    const [authenticate, password] = server.sent.slice(2);
    expect(authenticate?.headers.get('Authorization')).toBe('Bearer client-token-1');
    expect(authenticate?.body).toMatchObject({ subject: 'sam.sms', action: 'authenticate' });
    expect(password?.headers.get('X-Flow-State')).toBe('flow-1');
    expect(password?.body).toMatchObject({ password: 'Passw0rd!' });
  });

  it('state=factor on the password page stops at the password step', async () => {
    const { store, server, deps } = harness({
      [`${PROXY}auth/v1/authenticate`]: () => json({ nextaction: 'PASSWORD_AUTH', flowState: 'flow-1' }),
    });
    const result = await setUpSession(
      { kind: 'factor', user: 'pat.password', password: 'x' },
      '/verify',
      deps,
    );
    expect(result).toEqual({ ok: true, summary: 'factor step PASSWORD_AUTH for pat.password' });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Factor);
    expect(store.get(flowStateAtom)).toBe('flow-1');
    expect(server.sent).toHaveLength(3);
  });

  it('signedIn=<user>: signs the user in and keeps the user token', async () => {
    const { store, deps } = harness({
      [`${PROXY}auth/v1/authenticate`]: () => json({ nextaction: 'PASSWORD_AUTH', flowState: 'flow-1' }),
      [`${PROXY}factor/v1/PasswordAuthenticator`]: () =>
        json({
          nextaction: 'AUTH_ALLOWED',
          access_token: 'user-token-1',
          expires_in: 900,
          userName: 'pat.password',
        }),
    });
    const result = await setUpSession(
      { kind: 'signedIn', user: 'pat.password', password: 'Passw0rd!' },
      '/self-service',
      deps,
    );
    expect(result).toEqual({ ok: true, summary: 'pat.password signed in' });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.Authenticated);
    expect(store.get(userTokenAtom)).toBe('user-token-1');
    expect(store.get(flowStateAtom)).toBeNull();
  });

  it('says so when the portal server gives no client token, and sets no state', async () => {
    const { store, deps } = harness({
      '/v1/token/generate/client_token': () => json({ errorCode: '0000500', errorMessage: 'down' }, 503),
    });
    const result = await setUpSession({ kind: 'factor', user: 'sam.sms', password: 'x' }, '/sotp', deps);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toMatch(/^No client token from the portal server/);
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
  });

  it('refuses state=factor for a user who signs in without a factor step', async () => {
    const { store, deps } = harness({
      [`${PROXY}auth/v1/authenticate`]: () => json({ nextaction: 'PASSWORD_AUTH', flowState: 'flow-1' }),
      [`${PROXY}factor/v1/PasswordAuthenticator`]: () =>
        json({ nextaction: 'AUTH_ALLOWED', access_token: 't' }),
    });
    const result = await setUpSession({ kind: 'factor', user: 'pat.password', password: 'x' }, '/sotp', deps);
    expect(result).toEqual({
      ok: false,
      error: 'pat.password signs in without a factor step: choose a user who has one',
    });
    expect(store.get(authStatusAtom)).toBe(AuthStatus.None);
  });
});

describe('a harness address', () => {
  it('names the screen, its path and the state', () => {
    expect(readHarnessAddress('?expose=./Otp&path=/sotp&state=factor&user=sam.sms')).toEqual({
      expose: './Otp',
      path: '/sotp',
      session: { kind: 'factor', user: 'sam.sms', password: 'Passw0rd!' },
    });
    expect(
      readHarnessAddress('?expose=./SelfService&path=/self-service&signedIn=pat.password'),
    ).toMatchObject({
      session: { kind: 'signedIn', user: 'pat.password' },
    });
    expect(readHarnessAddress('')).toEqual({ expose: null, path: '/', session: { kind: 'none' } });
  });

  it('refuses a factor state without its user, and a state it does not know', () => {
    expect(readHarnessAddress('?expose=./Otp&state=factor')).toHaveProperty('error');
    expect(readHarnessAddress('?expose=./Otp&state=welcome')).toHaveProperty('error');
  });
});
