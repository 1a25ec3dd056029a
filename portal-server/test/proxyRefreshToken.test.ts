import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { REFRESH_COOKIE_PREFIX } from '../src/tokens/custody/refreshCookie.js';
import { handleHash } from '../src/tokens/custody/refreshHandle.js';
import { TokenSealer } from '../src/tokens/custody/tokenSealer.js';
import { createFixtureDirs, type FixtureDirs, TEST_SEALING_KEY, testConfig } from './helpers/fixtures.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const REFRESH = 'sso-refresh-token-9f1c';
const PASSWORD_CALL = '/common/portal/proxy/factor/v1/PasswordAuthenticator';
const allowed = {
  nextaction: 'AUTH_ALLOWED',
  flowState: 'flow-9',
  userName: 'pat.password',
  access_token: 'access-1',
  refresh_token: REFRESH,
  id_token: 'id-1',
  expires_in: 900,
};
const ID_TOKEN = `eyJhbGciOiJFUzI1NiJ9.${Buffer.from('{"sub":"pat.password"}').toString('base64url')}.sig`;
const sealer = new TokenSealer({ keys: [TEST_SEALING_KEY], purpose: REFRESH_COOKIE_PREFIX });
const PAGE = { origin: 'http://localhost:8080' };

const refreshCookies = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.filter((cookie) => cookie.name.startsWith(REFRESH_COOKIE_PREFIX));

describe('sign-in replies through the proxy never hand an id_token or a refresh token to the page', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl }), {
      logStream: { write: () => {} },
    });
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  const signIn = (headers: Record<string, string> = PAGE) =>
    app.inject({
      method: 'POST',
      url: PASSWORD_CALL,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"password":"pw"}',
    });

  it.each([
    ['plain JSON', (body: string) => ({ headers: {}, body: Buffer.from(body) })],
    [
      'gzip-encoded JSON',
      (body: string) => ({ headers: { 'content-encoding': 'gzip' }, body: gzipSync(body) }),
    ],
  ])(
    'an AUTH_ALLOWED reply with tokens (%s): the refresh token goes into a sealed cookie, the page gets its handle, the id_token goes nowhere',
    async (_name, encode) => {
      const { headers, body } = encode(JSON.stringify(allowed));
      sso.handle((_request, response) => {
        response
          .writeHead(200, { 'content-type': 'application/json', 'x-flow-state': 'flow-9', ...headers })
          .end(body);
      });
      const response = await signIn();
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(REFRESH);
      expect(response.body).not.toContain('id-1');
      const { id_token: _id, ...rest } = allowed;
      const handle = String(response.json().refresh_token);
      expect(response.json()).toEqual({ ...rest, refresh_token: handle });
      expect(handle).toMatch(/^rh1\./);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['x-flow-state']).toBe('flow-9');
      const cookies = refreshCookies(response);
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
      expect(sealer.open(cookies[0]?.value ?? '')).toMatchObject({
        ok: true,
        payload: { t: REFRESH, h: handleHash(handle) },
      });
    },
  );

  it('passes a reply without a refresh token on unchanged and sets no cookie', async () => {
    const body = JSON.stringify({ nextaction: 'SMS_OTP_SELECTION', flowState: 'flow-9' });
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    const response = await signIn();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses (502) a reply in an encoding it cannot read, which could hide a token', async () => {
    sso.handle((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' })
        .end(Buffer.from('(\xb5/\xfd not really zstd', 'latin1'));
    });
    const response = await signIn();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_UPSTREAM_CONTENT' });
  });

  it('refuses (502) a reply that decodes to more than 1 MB (a few KB of gzip), without decoding it whole', async () => {
    const bomb = gzipSync(JSON.stringify({ ...allowed, padding: 'a'.repeat(2 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(16 * 1024);
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
    });
    const response = await signIn();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_UPSTREAM_CONTENT' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('a refresh token in a text/plain reply is taken out too (the page reads any reply as JSON)', async () => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(allowed));
    });
    const response = await signIn();
    expect(response.body).not.toContain(REFRESH);
    expect(response.json()).toMatchObject({ refresh_token: expect.stringMatching(/^rh1\./) });
  });

  it('AUTH_ALLOWED with an id_token only (the direct flow): the portal server exchanges it itself and hands the page the access token, its expiry and a handle', async () => {
    sso.requests.length = 0;
    sso.handle((request, response) => {
      const json = (body: unknown) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.url === '/default/oauth2/v1/token') {
        return json({ access_token: 'access-9', refresh_token: REFRESH, id_token: 'id-2', expires_in: 900 });
      }
      json({ nextaction: 'AUTH_ALLOWED', flowState: 'flow-9', userName: 'pat.password', id_token: ID_TOKEN });
    });
    const response = await signIn();
    expect(response.statusCode).toBe(200);
    const handle = String(response.json().refresh_token);
    expect(response.json()).toEqual({
      nextaction: 'AUTH_ALLOWED',
      flowState: 'flow-9',
      userName: 'pat.password',
      access_token: 'access-9',
      refresh_token: handle,
      expires_in: 900,
    });
    for (const secret of [ID_TOKEN, 'id-2', REFRESH]) expect(response.body).not.toContain(secret);
    const exchange = sso.requests.find((request) => request.url === '/default/oauth2/v1/token');
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: ID_TOKEN,
    });
    const [cookie] = refreshCookies(response);
    expect(sealer.open(cookie?.value ?? '')).toMatchObject({
      ok: true,
      payload: { t: REFRESH, h: handleHash(handle), u: 'pat.password' },
    });
  });

  it('a sign-in reply to a caller with neither Origin nor Sec-Fetch-Site: 403, no token, no cookie, no exchange', async () => {
    sso.requests.length = 0;
    sso.handle((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ nextaction: 'AUTH_ALLOWED', flowState: 'flow-9', id_token: ID_TOKEN }));
    });
    const response = await signIn({});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_CROSS_SITE' });
    expect(response.body).not.toContain(ID_TOKEN);
    expect(refreshCookies(response)).toEqual([]);
    expect(sso.requests.map((request) => request.url)).toEqual(['/default/factor/v1/PasswordAuthenticator']);
  });

  it('an id_token in any other reply is dropped', async () => {
    sso.handle((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ nextaction: 'FACTOR_SELECTION', flowState: 'flow-9', id_token: ID_TOKEN }));
    });
    const response = await signIn();
    expect(response.json()).toEqual({ nextaction: 'FACTOR_SELECTION', flowState: 'flow-9' });
    expect(refreshCookies(response)).toEqual([]);
  });
});
