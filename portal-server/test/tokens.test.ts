import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { REFRESH_COOKIE } from '../src/tokens/custody/refreshCookie.js';
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
const REFRESH_BODY = {
  grant_type: 'refresh_token',
  refresh_token: 'cookie',
  scope: 'openid email profile offline_access',
};
const FOREIGN_KEY = sealingKey(Buffer.alloc(32, 9));
const sealerWith = (key: SealingKey) =>
  new TokenSealer({ keys: [key], maxAgeSeconds: 43200, purpose: REFRESH_COOKIE });
const TEST_SEALER = sealerWith(TEST_SEALING_KEY);
const foreignSealer = sealerWith(FOREIGN_KEY);

/** The refresh cookie a reply sets (exactly one). */
function refreshCookieOf(response: LightMyRequestResponse) {
  const cookies = response.cookies.filter((cookie) => cookie.name === REFRESH_COOKIE);
  expect(cookies).toHaveLength(1);
  return cookies[0] as (typeof cookies)[number] & { domain?: string; maxAge?: number };
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
    case 'urn:ietf:params:oauth:grant-type:jwt-bearer':
      if (form.get('assertion') === 'expired') {
        return json(401, {
          error: 'invalid_grant',
          errorCode: '0000005',
          errorMessage: 'invalid access token',
        });
      }
      return json(200, {
        access_token: ACCESS,
        refresh_token: REFRESH,
        id_token: ID_TOKEN,
        token_type: 'Bearer',
        expires_in: 3600,
        internal_field: 'not for the browser',
      });
    case 'refresh_token':
      return json(200, {
        access_token: `${ACCESS}-2`,
        refresh_token: `${REFRESH}-2`,
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

  it('POST /v1/token/generate/user_token exchanges the assertion (jwt-bearer), passes only token fields and keeps the refresh token in a sealed __Host- cookie', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/user_token',
      payload: { assertion: 'id-token-from-sso' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: ACCESS,
      refresh_token: 'cookie',
      id_token: ID_TOKEN,
      token_type: 'Bearer',
      expires_in: 3600,
    });
    expect(response.body).not.toContain(REFRESH);
    const form = new URLSearchParams(sso.requests[0]?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.get('assertion')).toBe('id-token-from-sso');
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
    expect(cookie.domain).toBeUndefined();
    expect(cookie.maxAge).toBeUndefined();
    expect(cookie.value).not.toContain(REFRESH);
    expect(Buffer.from(cookie.value.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain(
      REFRESH,
    );
  });

  it('POST /v1/token/generate/refresh redeems the refresh token of the cookie, and the rotated one replaces it', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/user_token',
      payload: { assertion: 'id-token-from-sso' },
    });
    sso.requests.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      payload: REFRESH_BODY,
      cookies: { [REFRESH_COOKIE]: refreshCookieOf(signIn).value },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ access_token: `${ACCESS}-2`, refresh_token: 'cookie' });
    expect(response.body).not.toContain(REFRESH);
    const form = new URLSearchParams(sso.requests[0]?.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: REFRESH,
      scope: 'openid email profile offline_access',
    });
    // The next refresh sends the rotated token.
    sso.requests.length = 0;
    await app.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      payload: REFRESH_BODY,
      cookies: { [REFRESH_COOKIE]: refreshCookieOf(response).value },
    });
    expect(new URLSearchParams(sso.requests[0]?.body).get('refresh_token')).toBe(`${REFRESH}-2`);
  });

  it('refuses a refresh without the cookie (401) and never calls the SSO', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      payload: REFRESH_BODY,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_SESSION_ENDED' });
    expect(sso.requests).toHaveLength(0);
  });

  it('no longer redeems a refresh token sent in the body (400), cookie or not', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      payload: { ...REFRESH_BODY, refresh_token: REFRESH },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_INVALID_REQUEST' });
    expect(sso.requests).toHaveLength(0);
  });

  it.each([
    ['a tampered cookie', (sealed: string) => `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`],
    ['a cookie sealed with a foreign key', () => foreignSealer.seal(REFRESH, Math.floor(Date.now() / 1000))],
    [
      'a cookie of a sign-in older than the session limit',
      () => TEST_SEALER.seal(REFRESH, Math.floor(Date.now() / 1000) - 43201),
    ],
    ['garbage', () => 'not-a-sealed-value'],
  ])('refuses %s (401), clears it and never calls the SSO', async (_name, forge) => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/user_token',
      payload: { assertion: 'id-token-from-sso' },
    });
    sso.requests.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      payload: REFRESH_BODY,
      cookies: { [REFRESH_COOKIE]: forge(refreshCookieOf(signIn).value) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_SESSION_ENDED' });
    expect(refreshCookieOf(response)).toMatchObject({ value: '', maxAge: 0 });
    expect(sso.requests).toHaveLength(0);
  });

  it('opens a cookie sealed with an older key that is still listed (key rotation)', async () => {
    const rotated = await buildServer(
      testConfig(dirs, { ssoBaseUrl: sso.baseUrl, tokenSealingKeys: [FOREIGN_KEY, TEST_SEALING_KEY] }),
      { logStream: { write: () => {} } },
    );
    const response = await rotated.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      payload: REFRESH_BODY,
      cookies: { [REFRESH_COOKIE]: TEST_SEALER.seal(REFRESH, Math.floor(Date.now() / 1000)) },
    });
    expect(response.statusCode).toBe(200);
    expect(new URLSearchParams(sso.requests[0]?.body).get('refresh_token')).toBe(REFRESH);
    // The new cookie is sealed with the first key: the old key alone no longer opens it.
    const resealed = refreshCookieOf(response).value;
    expect(foreignSealer.open(resealed, Date.now())).toMatchObject({ ok: true, token: `${REFRESH}-2` });
    expect(TEST_SEALER.open(resealed, Date.now())).toEqual({ ok: false, reason: 'unknown key' });
    await rotated.close();
  });

  it('clears the cookie when the SSO refuses the refresh token', async () => {
    sso.handle((_request, response) => {
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_grant', error_description: 'refresh token reused' }));
    });
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      payload: REFRESH_BODY,
      cookies: { [REFRESH_COOKIE]: TEST_SEALER.seal(REFRESH, Math.floor(Date.now() / 1000)) },
    });
    sso.handle(ssoTokenEndpoints);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    expect(refreshCookieOf(response)).toMatchObject({ value: '', maxAge: 0 });
  });

  it("POST /v1/token/revoke { token: 'cookie' } revokes the cookie's refresh token at the SSO and clears the cookie", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      payload: { token: 'cookie' },
      cookies: { [REFRESH_COOKIE]: TEST_SEALER.seal(REFRESH, Math.floor(Date.now() / 1000)) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(sso.requests[0]?.url).toBe('/default/oauth2/v1/revoke');
    expect(new URLSearchParams(sso.requests[0]?.body).get('token')).toBe(REFRESH);
    expect(refreshCookieOf(response)).toMatchObject({
      value: '',
      maxAge: 0,
      path: '/',
      secure: true,
      httpOnly: true,
    });
  });

  it('clears the cookie on revoke even when the SSO fails', async () => {
    sso.handle((_request, response) => response.writeHead(503).end('down'));
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      payload: { token: 'cookie' },
      cookies: { [REFRESH_COOKIE]: TEST_SEALER.seal(REFRESH, Math.floor(Date.now() / 1000)) },
    });
    sso.handle(ssoTokenEndpoints);
    expect(response.statusCode).toBe(502);
    expect(refreshCookieOf(response)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('POST /v1/token/revoke with an access token revokes it and answers {}', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
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
    ['/v1/token/generate/refresh', { grant_type: 'password', refresh_token: 'cookie', scope: 'openid' }],
    ['/v1/token/generate/refresh', { grant_type: 'refresh_token', scope: 'openid' }],
    ['/v1/token/revoke', { token: 42 }],
  ])('rejects a bad body for %s with 400 and never calls the SSO', async (url, payload) => {
    const response = await app.inject({ method: 'POST', url, payload });
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
      headers: { 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_BAD_REQUEST' });
  });

  it('never puts the client secret in a reply', async () => {
    const replies = await Promise.all([
      app.inject({ url: '/v1/token/generate/client_token' }),
      app.inject({ method: 'POST', url: '/v1/token/generate/user_token', payload: { assertion: 'a' } }),
      app.inject({ method: 'POST', url: '/v1/token/generate/user_token', payload: { assertion: 'expired' } }),
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
