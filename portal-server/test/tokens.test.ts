import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { REFRESH_COOKIE_PREFIX, refreshCookieName } from '../src/tokens/custody/refreshCookie.js';
import { handleCookieId, handleHash, newRefreshHandle } from '../src/tokens/custody/refreshHandle.js';
import { type SealingKey, sealingKey } from '../src/tokens/custody/sealingKeys.js';
import { TokenSealer } from '../src/tokens/custody/tokenSealer.js';
import {
  createFixtureDirs,
  type FixtureDirs,
  TEST_SEALING_KEY,
  TEST_SECRET,
  testConfig,
} from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import {
  type RecordedRequest,
  startUpstreamStub,
  type UpstreamStub,
  unreachableBaseUrl,
} from './helpers/upstreamStub.js';

const EXPECTED_BASIC = `Basic ${Buffer.from(`portal:${TEST_SECRET}`).toString('base64')}`;
const ACCESS = 'eyJ.access.token';
const REFRESH = 'refresh-token-1';
const ID_TOKEN = 'eyJ.id.token';
/** Every call a page of the portal makes carries its Origin (tokenGuards.test.ts: others get 403). */
const PAGE = { origin: 'http://localhost:8080' };
const SCOPE = 'openid email profile offline_access';
const refreshBody = (handle: string) => ({
  grant_type: 'refresh_token',
  refresh_token: handle,
  scope: SCOPE,
});
const FOREIGN_KEY = sealingKey(Buffer.alloc(32, 9));
const sealerWith = (key: SealingKey) => new TokenSealer({ keys: [key], purpose: REFRESH_COOKIE_PREFIX });
const TEST_SEALER = sealerWith(TEST_SEALING_KEY);
const foreignSealer = sealerWith(FOREIGN_KEY);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An id_token as the SSO issues it (only its subject matters here). */
function idTokenOf(sub: string, serial = 1): string {
  return `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify({ sub, n: serial })).toString('base64url')}.sig`;
}
const subjectOf = (assertion: string) =>
  (JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

/** The refresh cookies a reply sets, by name. */
function refreshCookiesOf(response: LightMyRequestResponse) {
  return response.cookies.filter((cookie) =>
    cookie.name.startsWith(REFRESH_COOKIE_PREFIX),
  ) as ((typeof response.cookies)[number] & {
    domain?: string;
    maxAge?: number;
  })[];
}

/** The one refresh cookie a reply sets. */
function refreshCookieOf(response: LightMyRequestResponse) {
  const cookies = refreshCookiesOf(response).filter((cookie) => cookie.value !== '');
  expect(cookies).toHaveLength(1);
  return cookies[0] as (typeof cookies)[number];
}

/** A cookie sealed as a sign-in of `handle` would be (for the cases the server cannot be driven into). */
function sealedFor(handle: string, payload: { t?: string; since?: number; used?: number; u?: string } = {}) {
  const now = nowSeconds();
  return {
    [refreshCookieName(handleCookieId(handle))]: TEST_SEALER.seal({
      t: payload.t ?? REFRESH,
      h: handleHash(handle),
      since: payload.since ?? now,
      used: payload.used ?? now,
      ...(payload.u ? { u: payload.u } : {}),
    }),
  };
}

/** A stand-in for the SSO's token endpoints that refuses any call without the portal's client credentials. */
function ssoTokenEndpoints(request: RecordedRequest, response: import('node:http').ServerResponse) {
  const json = (status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (request.headers.authorization !== EXPECTED_BASIC) {
    return json(401, { error: 'invalid_client', error_description: 'client authentication failed' });
  }
  if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
    return json(400, { error: 'invalid_request' });
  }
  const form = new URLSearchParams(request.body);
  if (request.url === '/default/oauth2/v1/revoke') return json(200, {});
  if (request.url !== '/default/oauth2/v1/token') return json(404, { error: 'not_found' });
  switch (form.get('grant_type')) {
    case 'client_credentials':
      return json(200, { access_token: ACCESS, token_type: 'Bearer', expires_in: 3600 });
    case 'urn:ietf:params:oauth:grant-type:jwt-bearer': {
      const assertion = form.get('assertion') ?? '';
      if (assertion === 'expired') {
        return json(401, {
          error: 'invalid_grant',
          errorCode: '0000005',
          errorMessage: 'invalid access token',
        });
      }
      // Each user's sign-in gets tokens of its own, so a test can tell whose a refresh redeemed.
      const user = assertion.includes('.') ? subjectOf(assertion) : '';
      return json(200, {
        access_token: user ? `${ACCESS}-${user}` : ACCESS,
        refresh_token: user ? `${REFRESH}-${user}` : REFRESH,
        id_token: ID_TOKEN,
        token_type: 'Bearer',
        expires_in: 3600,
        internal_field: 'not for the browser',
      });
    }
    case 'refresh_token':
      return json(200, {
        access_token: `${ACCESS}-2`,
        refresh_token: `${form.get('refresh_token')}-2`,
        id_token: ID_TOKEN,
        token_type: 'Bearer',
        expires_in: 3600,
      });
    default:
      return json(400, { error: 'unsupported_grant_type' });
  }
}

describe('token endpoints', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let logs: LogCapture;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    sso.handle(ssoTokenEndpoints);
    logs = new LogCapture();
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl, logLevel: 'trace' }), {
      logStream: logs,
    });
  });

  afterEach(() => {
    sso.requests.length = 0;
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
    // Whatever happened above, the secret and the tokens never reached a log line.
    for (const secret of [TEST_SECRET, EXPECTED_BASIC, ACCESS, REFRESH, ID_TOKEN])
      expect(logs.text).not.toContain(secret);
  });

  it('GET /v1/token/generate/client_token gets a client token with the client credentials', async () => {
    const response = await app.inject({ url: '/v1/token/generate/client_token' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: ACCESS, token_type: 'Bearer', expires_in: 3600 });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(new URLSearchParams(sso.requests[0]?.body).get('grant_type')).toBe('client_credentials');
  });

  /** A sign-in through POST /v1/token/generate/user_token: the reply, its handle and its cookie. */
  async function signIn(assertion = 'id-token-from-sso', extra: Record<string, unknown> = {}, cookies = {}) {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/user_token',
      headers: PAGE,
      payload: { assertion, ...extra },
      cookies,
    });
    expect(response.statusCode).toBe(200);
    const cookie = refreshCookieOf(response);
    return {
      response,
      handle: String(response.json().refresh_token),
      cookies: { [cookie.name]: cookie.value },
    };
  }

  const refresh = (handle: string, cookies: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      headers: PAGE,
      payload: refreshBody(handle),
      cookies,
    });

  it('POST /v1/token/generate/user_token exchanges the assertion (jwt-bearer), passes the access token and a handle, no id_token, and keeps the refresh token in a sealed __Host- cookie of that sign-in', async () => {
    const { response, handle } = await signIn();
    expect(response.json()).toEqual({
      access_token: ACCESS,
      refresh_token: handle,
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect(handle).toMatch(/^rh1\.[A-Za-z0-9_-]{43}$/);
    expect(response.body).not.toContain(REFRESH);
    expect(response.body).not.toContain(ID_TOKEN);
    const form = new URLSearchParams(sso.requests[0]?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.get('assertion')).toBe('id-token-from-sso');
    const cookie = refreshCookieOf(response);
    expect(cookie.name).toBe(refreshCookieName(handleCookieId(handle)));
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(cookie.domain).toBeUndefined();
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.value).not.toContain(REFRESH);
    expect(cookie.value).not.toContain(handle.slice(4));
    const opened = TEST_SEALER.open(cookie.value);
    // Only the handle's hash is sealed: the cookie does not hold the handle itself.
    expect(opened).toMatchObject({ ok: true, payload: { t: REFRESH, h: handleHash(handle) } });
    expect(JSON.stringify(opened)).not.toContain(handle);
  });

  it("POST /v1/token/generate/refresh redeems the refresh token of the handle's cookie; the rotated one replaces it; no id_token", async () => {
    const { handle, cookies } = await signIn();
    sso.requests.length = 0;
    const response = await refresh(handle, cookies);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: `${ACCESS}-2`,
      refresh_token: handle,
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect(response.body).not.toContain(REFRESH);
    expect(Object.fromEntries(new URLSearchParams(sso.requests[0]?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: REFRESH,
      scope: SCOPE,
    });
    const renewed = refreshCookieOf(response);
    expect(Object.keys(cookies)).toEqual([renewed.name]);
    sso.requests.length = 0;
    await refresh(handle, { [renewed.name]: renewed.value });
    expect(new URLSearchParams(sso.requests[0]?.body).get('refresh_token')).toBe(`${REFRESH}-2`);
  });

  it.each([
    ["the old constant 'cookie'", 'cookie'],
    ['a handle of no sign-in', newRefreshHandle()],
    ['the refresh token itself', REFRESH],
  ])(
    "refuses a refresh without the page's handle (%s): 401, the cookie untouched, the SSO never called",
    async (_name, sent) => {
      const { cookies } = await signIn();
      sso.requests.length = 0;
      const response = await refresh(sent, cookies);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_SESSION_ENDED' });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(sso.requests).toHaveLength(0);
    },
  );

  it('two sign-ins in one browser (two tabs, two users): each handle redeems its own sign-in only', async () => {
    const pat = await signIn(idTokenOf('pat.password'));
    const sam = await signIn(idTokenOf('sam.sms'), {}, pat.cookies);
    const jar = { ...pat.cookies, ...sam.cookies };
    expect(Object.keys(jar)).toHaveLength(2);
    sso.requests.length = 0;
    expect((await refresh(pat.handle, jar)).statusCode).toBe(200);
    expect(new URLSearchParams(sso.requests[0]?.body).get('refresh_token')).toBe(`${REFRESH}-pat.password`);
    sso.requests.length = 0;
    expect((await refresh(sam.handle, jar)).statusCode).toBe(200);
    expect(new URLSearchParams(sso.requests[0]?.body).get('refresh_token')).toBe(`${REFRESH}-sam.sms`);
  });

  it("refuses another sign-in's cookie under this handle's name (401) and leaves it to its owner", async () => {
    const handle = newRefreshHandle();
    const owner = newRefreshHandle();
    const name = refreshCookieName(handleCookieId(handle));
    const cookies = {
      [name]: TEST_SEALER.seal({ t: REFRESH, h: handleHash(owner), since: nowSeconds(), used: nowSeconds() }),
    };
    const response = await refresh(handle, cookies);
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(sso.requests).toHaveLength(0);
  });

  it.each([
    ['a tampered cookie', (sealed: string) => `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`],
    [
      'a cookie sealed with a foreign key',
      (_sealed: string, handle: string) =>
        foreignSealer.seal({ t: REFRESH, h: handleHash(handle), since: nowSeconds(), used: nowSeconds() }),
    ],
    [
      'a cookie of a sign-in older than the session limit (12 h)',
      (_sealed: string, handle: string) =>
        Object.values(sealedFor(handle, { since: nowSeconds() - 43201, used: nowSeconds() - 10 }))[0] ?? '',
    ],
    [
      'a cookie unused for longer than the idle limit (10 minutes)',
      (_sealed: string, handle: string) =>
        Object.values(sealedFor(handle, { since: nowSeconds() - 700, used: nowSeconds() - 601 }))[0] ?? '',
    ],
    ['garbage', () => 'not-a-sealed-value'],
  ])('refuses %s (401), clears it and never calls the SSO', async (_name, forge) => {
    const { handle, cookies } = await signIn();
    const [[name, value]] = Object.entries(cookies) as [[string, string]];
    sso.requests.length = 0;
    const response = await refresh(handle, { [name]: forge(value, handle) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_SESSION_ENDED' });
    expect(refreshCookiesOf(response)).toEqual([expect.objectContaining({ name, value: '', maxAge: 0 })]);
    expect(sso.requests).toHaveLength(0);
  });

  it('opens a cookie sealed with an older key that is still listed (key rotation)', async () => {
    const rotated = await buildServer(
      testConfig(dirs, { ssoBaseUrl: sso.baseUrl, tokenSealingKeys: [FOREIGN_KEY, TEST_SEALING_KEY] }),
      { logStream: { write: () => {} } },
    );
    const handle = newRefreshHandle();
    const response = await rotated.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      headers: PAGE,
      payload: refreshBody(handle),
      cookies: sealedFor(handle),
    });
    expect(response.statusCode).toBe(200);
    expect(new URLSearchParams(sso.requests[0]?.body).get('refresh_token')).toBe(REFRESH);
    // The new cookie is sealed with the first key: the old key alone no longer opens it.
    const resealed = refreshCookieOf(response).value;
    expect(foreignSealer.open(resealed)).toMatchObject({ ok: true, payload: { t: `${REFRESH}-2` } });
    expect(TEST_SEALER.open(resealed)).toEqual({ ok: false, reason: 'unknown key' });
    await rotated.close();
  });

  it('clears the cookie when the SSO refuses the refresh token', async () => {
    sso.handle((_request, response) => {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_grant', error_description: 'refresh token reused' }));
    });
    const handle = newRefreshHandle();
    const response = await refresh(handle, sealedFor(handle));
    sso.handle(ssoTokenEndpoints);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    expect(refreshCookiesOf(response)).toEqual([expect.objectContaining({ value: '', maxAge: 0 })]);
  });

  it("an id_token re-exchange with the handle of the same user keeps the sign-in's start: the 12 h limit holds across it; the replaced sign-in is revoked and its cookie cleared", async () => {
    const handle = newRefreshHandle();
    const started = nowSeconds() - 40_000;
    const previous = sealedFor(handle, { since: started, u: 'pat.password', t: 'previous-refresh' });
    const again = await signIn(idTokenOf('pat.password', 2), { refresh_token: handle }, previous);
    expect(again.handle).not.toBe(handle);
    const sealed = TEST_SEALER.open(Object.values(again.cookies)[0] ?? '');
    expect(sealed).toMatchObject({ ok: true, payload: { since: started, u: 'pat.password' } });
    const [previousName] = Object.keys(previous);
    expect(refreshCookiesOf(again.response)).toContainEqual(
      expect.objectContaining({ name: previousName, value: '', maxAge: 0 }),
    );
    const revoked = sso.requests.filter((request) => request.url === '/default/oauth2/v1/revoke');
    expect(revoked.map((request) => new URLSearchParams(request.body).get('token'))).toEqual([
      'previous-refresh',
    ]);
  });

  it('a sign-in of another user in that page starts its own clock (and still revokes the previous one)', async () => {
    const handle = newRefreshHandle();
    const previous = sealedFor(handle, { since: nowSeconds() - 40_000, u: 'pat.password' });
    const other = await signIn(idTokenOf('sam.sms'), { refresh_token: handle }, previous);
    const sealed = TEST_SEALER.open(Object.values(other.cookies)[0] ?? '');
    expect(sealed.ok && sealed.payload.since).toBeGreaterThanOrEqual(nowSeconds() - 5);
    expect(sso.requests.some((request) => request.url === '/default/oauth2/v1/revoke')).toBe(true);
  });

  it('a browser holds at most 5 sign-in cookies: a new sign-in drops (and revokes) the least recently used', async () => {
    const now = nowSeconds();
    const jar: Record<string, string> = {};
    for (let age = 1; age <= 5; age += 1) {
      Object.assign(jar, sealedFor(newRefreshHandle(), { used: now - age * 10, t: `old-${age}` }));
    }
    const oldest = Object.keys(jar)[4];
    const { response } = await signIn(idTokenOf('pat.password'), {}, jar);
    expect(refreshCookiesOf(response).filter((cookie) => cookie.value === '')).toEqual([
      expect.objectContaining({ name: oldest, maxAge: 0 }),
    ]);
    const revoked = sso.requests.filter((request) => request.url === '/default/oauth2/v1/revoke');
    expect(revoked.map((request) => new URLSearchParams(request.body).get('token'))).toEqual(['old-5']);
  });

  it("POST /v1/token/revoke { token: <handle> } revokes that sign-in's refresh token at the SSO and clears its cookie only", async () => {
    const handle = newRefreshHandle();
    const other = newRefreshHandle();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      headers: PAGE,
      payload: { token: handle },
      cookies: { ...sealedFor(handle), ...sealedFor(other, { t: 'other-refresh' }) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(sso.requests).toHaveLength(1);
    expect(sso.requests[0]?.url).toBe('/default/oauth2/v1/revoke');
    expect(new URLSearchParams(sso.requests[0]?.body).get('token')).toBe(REFRESH);
    expect(refreshCookiesOf(response)).toEqual([
      expect.objectContaining({
        name: refreshCookieName(handleCookieId(handle)),
        value: '',
        maxAge: 0,
        path: '/',
        secure: true,
        httpOnly: true,
      }),
    ]);
  });

  it('clears the cookie on revoke even when the SSO fails', async () => {
    sso.handle((_request, response) => response.writeHead(503).end('down'));
    const handle = newRefreshHandle();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      headers: PAGE,
      payload: { token: handle },
      cookies: sealedFor(handle),
    });
    sso.handle(ssoTokenEndpoints);
    expect(response.statusCode).toBe(502);
    expect(refreshCookiesOf(response)).toEqual([expect.objectContaining({ value: '', maxAge: 0 })]);
  });

  it('POST /v1/token/revoke with an access token revokes it and answers {}', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      headers: PAGE,
      payload: { token: ACCESS },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(sso.requests[0]?.url).toBe('/default/oauth2/v1/revoke');
    expect(new URLSearchParams(sso.requests[0]?.body).get('token')).toBe(ACCESS);
  });

  it('passes an SSO error through with its status and JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/user_token',
      headers: PAGE,
      payload: { assertion: 'expired' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      errorCode: '0000005',
      errorMessage: 'invalid access token',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['/v1/token/generate/user_token', {}],
    ['/v1/token/generate/user_token', { assertion: '' }],
    [
      '/v1/token/generate/refresh',
      { grant_type: 'password', refresh_token: newRefreshHandle(), scope: 'openid' },
    ],
    ['/v1/token/generate/refresh', { grant_type: 'refresh_token', scope: 'openid' }],
    ['/v1/token/revoke', { token: 42 }],
  ])('rejects a bad body for %s with 400 and never calls the SSO', async (url, payload) => {
    const response = await app.inject({ method: 'POST', url, headers: PAGE, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'PORTAL_INVALID_REQUEST',
      errorMessage: expect.any(String),
    });
    expect(sso.requests).toHaveLength(0);
  });

  it('rejects malformed JSON with the same error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      headers: { ...PAGE, 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_BAD_REQUEST' });
  });

  it('never puts the client secret in a reply', async () => {
    const replies = await Promise.all([
      app.inject({ url: '/v1/token/generate/client_token' }),
      app.inject({
        method: 'POST',
        url: '/v1/token/generate/user_token',
        headers: PAGE,
        payload: { assertion: 'a' },
      }),
      app.inject({
        method: 'POST',
        url: '/v1/token/generate/user_token',
        headers: PAGE,
        payload: { assertion: 'expired' },
      }),
      app.inject({ url: '/v1/config/environment' }),
      app.inject({ url: '/v1/config/portal' }),
    ]);
    for (const reply of replies) {
      expect(reply.body).not.toContain(TEST_SECRET);
      expect(reply.body).not.toContain(EXPECTED_BASIC.slice(6));
      expect(JSON.stringify(reply.headers)).not.toContain(TEST_SECRET);
    }
  });

  it('answers 502 PORTAL_UPSTREAM when the SSO is unreachable', async () => {
    const down = await buildServer(testConfig(dirs, { ssoBaseUrl: await unreachableBaseUrl() }), {
      logStream: { write: () => {} },
    });
    const response = await down.inject({ url: '/v1/token/generate/client_token' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_UPSTREAM', errorMessage: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
    await down.close();
  });

  it('answers 502 when the SSO replies with something that is not a token', async () => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"unexpected":true}');
    });
    const response = await app.inject({ url: '/v1/token/generate/client_token' });
    sso.handle(ssoTokenEndpoints);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_UPSTREAM' });
  });

  it('answers 502 PORTAL_UPSTREAM when the SSO does not answer in time', async () => {
    const slow = await startUpstreamStub('/default/');
    slow.handle((_request, response) => {
      setTimeout(() => response.writeHead(200).end('{}'), 2000);
    });
    const impatient = await buildServer(testConfig(dirs, { ssoBaseUrl: slow.baseUrl, proxyTimeoutMs: 200 }), {
      logStream: { write: () => {} },
    });
    const started = Date.now();
    const response = await impatient.inject({ url: '/v1/token/generate/client_token' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_UPSTREAM' });
    expect(Date.now() - started).toBeLessThan(1500);
    await impatient.close();
    await slow.close();
  });
});
