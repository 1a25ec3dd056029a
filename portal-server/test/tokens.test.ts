import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, TEST_SECRET, testConfig } from './helpers/fixtures.js';
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

  it('POST /v1/token/generate/user_token exchanges the assertion (jwt-bearer) and passes only token fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/user_token',
      payload: { assertion: 'id-token-from-sso' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: ACCESS,
      refresh_token: REFRESH,
      id_token: ID_TOKEN,
      token_type: 'Bearer',
      expires_in: 3600,
    });
    const form = new URLSearchParams(sso.requests[0]?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.get('assertion')).toBe('id-token-from-sso');
  });

  it('POST /v1/token/generate/refresh sends grant, refresh token and scope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/generate/refresh',
      payload: {
        grant_type: 'refresh_token',
        refresh_token: REFRESH,
        scope: 'openid email profile offline_access',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ access_token: `${ACCESS}-2`, refresh_token: `${REFRESH}-2` });
    const form = new URLSearchParams(sso.requests[0]?.body);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: REFRESH,
      scope: 'openid email profile offline_access',
    });
  });

  it('POST /v1/token/revoke revokes and answers {}', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      payload: { token: REFRESH },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(sso.requests[0]?.url).toBe('/default/oauth2/v1/revoke');
    expect(new URLSearchParams(sso.requests[0]?.body).get('token')).toBe(REFRESH);
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
    ['/v1/token/generate/refresh', { grant_type: 'password', refresh_token: 'x', scope: 'openid' }],
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
