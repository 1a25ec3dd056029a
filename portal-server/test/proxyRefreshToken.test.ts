import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { REFRESH_COOKIE } from '../src/tokens/custody/refreshCookie.js';
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
const sealer = new TokenSealer({ keys: [TEST_SEALING_KEY], maxAgeSeconds: 43200, purpose: REFRESH_COOKIE });

describe('sign-in replies through the proxy never hand the refresh token to the page', () => {
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

  const signIn = () =>
    app.inject({
      method: 'POST',
      url: PASSWORD_CALL,
      headers: { 'content-type': 'application/json' },
      payload: '{"password":"pw"}',
    });

  it.each([
    ['plain JSON', (body: string) => ({ headers: {}, body: Buffer.from(body) })],
    [
      'gzip-encoded JSON',
      (body: string) => ({ headers: { 'content-encoding': 'gzip' }, body: gzipSync(body) }),
    ],
  ])(
    'an AUTH_ALLOWED reply (%s): the refresh token goes into the sealed cookie, the rest on',
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
      expect(response.json()).toEqual({ ...allowed, refresh_token: 'cookie' });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['x-flow-state']).toBe('flow-9');
      const cookies = response.cookies.filter((cookie) => cookie.name === REFRESH_COOKIE);
      expect(cookies).toHaveLength(1);
      expect(cookies[0]).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Strict' });
      expect(sealer.open(cookies[0]?.value ?? '', Date.now())).toMatchObject({ ok: true, token: REFRESH });
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
    expect(response.json()).toMatchObject({ refresh_token: 'cookie' });
  });
});
