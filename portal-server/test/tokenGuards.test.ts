import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../src/rateLimit/rateLimitStore.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const quiet = { logStream: { write: () => {} } };
const CLIENT_TOKEN = '/v1/token/generate/client_token';
const clientToken = { access_token: 'client-token', token_type: 'Bearer', expires_in: 3600 };

describe('who may call /v1/token/*', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(clientToken));
    });
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl }), quiet);
  });

  afterEach(() => {
    sso.requests.length = 0;
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin null (a sandboxed or file page)', { origin: 'null' }],
    ['a sibling origin', { origin: 'http://localhost:8081' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site (another subdomain)', { 'sec-fetch-site': 'same-site' }],
    [
      'the portal Origin but Sec-Fetch-Site cross-site',
      { origin: 'http://localhost:8080', 'sec-fetch-site': 'cross-site' },
    ],
  ])('refuses %s with 403 and never calls the SSO', async (_name, headers) => {
    for (const [method, url, payload] of [
      ['GET', CLIENT_TOKEN, undefined],
      ['POST', '/v1/token/generate/user_token', { assertion: 'id-token' }],
      [
        'POST',
        '/v1/token/generate/refresh',
        {
          grant_type: 'refresh_token',
          refresh_token: 'rh1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          scope: 'openid',
        },
      ],
      ['POST', '/v1/token/revoke', { token: 'cookie' }],
    ] as const) {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_CROSS_SITE' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(sso.requests).toHaveLength(0);
  });

  it.each([
    ['user_token', '/v1/token/generate/user_token', { assertion: 'id-token' }],
    [
      'refresh',
      '/v1/token/generate/refresh',
      {
        grant_type: 'refresh_token',
        refresh_token: 'rh1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        scope: 'openid',
      },
    ],
    ['revoke', '/v1/token/revoke', { token: 'rh1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
  ])(
    'refuses a %s call with neither Origin nor Sec-Fetch-Site (no page of the portal) with 403: it sets or redeems a refresh cookie',
    async (_name, url, payload) => {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_CROSS_SITE' });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(sso.requests).toHaveLength(0);
    },
  );

  it.each([
    ['the portal Origin, same-origin', { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' }],
    ['same-origin without Origin (a same-origin GET)', { 'sec-fetch-site': 'same-origin' }],
    ['neither header (no browser page; the client token sets no cookie)', {}],
  ])('lets %s through', async (_name, headers) => {
    const response = await app.inject({ url: CLIENT_TOKEN, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(clientToken);
  });

  it('answers a redirect from the SSO with 502 and never follows it', async () => {
    const elsewhere = await startUpstreamStub('/');
    elsewhere.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(clientToken));
    });
    sso.handle((_request, response) => {
      response.writeHead(307, { location: `${elsewhere.baseUrl}steal` }).end();
    });
    const response = await app.inject({ url: CLIENT_TOKEN });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      errorCode: 'PORTAL_UPSTREAM_REDIRECT',
      errorMessage: 'The sign-in service is unavailable, please try again later',
    });
    expect(sso.requests).toHaveLength(1);
    expect(elsewhere.requests).toHaveLength(0);
    await elsewhere.close();
  });
});

describe('rate limits per client address', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(clientToken));
    });
  });

  afterAll(async () => {
    await sso.close();
    dirs.cleanup();
  });

  it('/v1/token/*: the N+1st call in a window gets 429 with Retry-After, other addresses still pass, and the next window passes again', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    const app = await buildServer(
      testConfig(dirs, { ssoBaseUrl: sso.baseUrl, tokenRateLimit: 3, rateLimitWindowMs: 60_000 }),
      { ...quiet, rateLimitStore: store },
    );
    const call = (remoteAddress = '203.0.113.7') => app.inject({ url: CLIENT_TOKEN, remoteAddress });
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    now += 20_000;
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('40');
    expect(limited.json()).toEqual({
      errorCode: 'PORTAL_RATE_LIMITED',
      errorMessage: 'Too many requests, please try again later',
    });
    expect(sso.requests).toHaveLength(3);
    // The limit is the address's own; the token calls share one.
    expect((await call('198.51.100.2')).statusCode).toBe(200);
    const post = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { token: 'x' },
      remoteAddress: '203.0.113.7',
    });
    expect(post.statusCode).toBe(429);
    now += 40_000;
    expect((await call()).statusCode).toBe(200);
    await app.close();
  });

  it("cross-site calls are refused before they are counted: another site cannot spend a visitor's allowance", async () => {
    const app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl, tokenRateLimit: 2 }), quiet);
    const visitor = '203.0.113.30';
    for (let i = 0; i < 5; i += 1) {
      const forged = await app.inject({
        url: CLIENT_TOKEN,
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        remoteAddress: visitor,
      });
      expect(forged.statusCode).toBe(403);
    }
    expect((await app.inject({ url: CLIENT_TOKEN, remoteAddress: visitor })).statusCode).toBe(200);
    await app.close();
  });

  it('/csp-report: the N+1st report in a window gets 429 with Retry-After', async () => {
    const app = await buildServer(
      testConfig(dirs, { cspReportRateLimit: 2, rateLimitWindowMs: 60_000 }),
      quiet,
    );
    const report = () =>
      app.inject({
        method: 'POST',
        url: '/csp-report',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src' } }),
        remoteAddress: '203.0.113.9',
      });
    expect((await report()).statusCode).toBe(204);
    expect((await report()).statusCode).toBe(204);
    const limited = await report();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The token calls count apart.
    expect((await app.inject({ url: CLIENT_TOKEN, remoteAddress: '203.0.113.9' })).statusCode).not.toBe(429);
    await app.close();
  });

  it('fails closed when the store fails: 503 with Retry-After, the SSO is not called, one error log line', async () => {
    const logs = new LogCapture();
    const app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl, tokenRateLimit: 1 }), {
      logStream: logs,
      rateLimitStore: { hit: () => Promise.reject(new Error('redis down')) },
    });
    const before = sso.requests.length;
    const response = await app.inject({ url: CLIENT_TOKEN });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_RATE_LIMIT_UNAVAILABLE' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(sso.requests.length).toBe(before);
    expect(logs.entries().filter((entry) => Number(entry.level) >= 50)).toHaveLength(1);
    await app.close();
  });
});
