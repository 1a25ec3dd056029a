import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig, type PortalServerConfig } from '../src/config.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../src/rateLimit/rateLimitStore.js';
import { buildServer } from '../src/server.js';
import { contributions, manifest, writeRelease } from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { flowSteps, startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const quiet = { logStream: { write: () => {} } };
const PROXY = '/common/portal/proxy/';
const json = { 'content-type': 'application/json' };

describe('anti-automation on the SSO proxy', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  const apps: FastifyInstance[] = [];

  const build = async (
    overrides: Partial<PortalServerConfig>,
    options: { rateLimitStore?: RateLimitStore; logStream?: LogCapture } = {},
  ) => {
    const app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl, ...overrides }), {
      ...quiet,
      ...options,
    });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
  });

  beforeEach(() => {
    // authenticate starts a flow (its reply names no user: the proxy learns it from the request);
    // every other call answers the next step of the flow it names.
    sso.handle(flowSteps());
  });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await sso.settled();
    sso.requests.length = 0;
  });

  afterAll(async () => {
    await sso.close();
    dirs.cleanup();
  });

  it('settings: PROXY_RATE_LIMIT (300) and PROXY_USER_RATE_LIMIT (30) per RATE_LIMIT_WINDOW_S', () => {
    expect(loadConfig({})).toMatchObject({ proxyRateLimit: 300, proxyUserRateLimit: 30 });
    expect(loadConfig({ PROXY_RATE_LIMIT: '5', PROXY_USER_RATE_LIMIT: '2' })).toMatchObject({
      proxyRateLimit: 5,
      proxyUserRateLimit: 2,
    });
    expect(() => loadConfig({ PROXY_USER_RATE_LIMIT: '0' })).toThrow(
      'Invalid environment variable PROXY_USER_RATE_LIMIT',
    );
  });

  it('per client address: the N+1st call in a window gets 429 with Retry-After and never reaches the SSO', async () => {
    let now = 1_000_000;
    const app = await build(
      { proxyRateLimit: 3, rateLimitWindowMs: 60_000 },
      { rateLimitStore: new MemoryRateLimitStore(() => now) },
    );
    const call = (remoteAddress = '203.0.113.7') =>
      app.inject({ method: 'GET', url: `${PROXY}factor/v1/MeCreds`, remoteAddress });
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    now += 15_000;
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json()).toEqual({
      errorCode: 'PORTAL_RATE_LIMITED',
      errorMessage: 'Too many requests, please try again later',
    });
    await sso.settled();
    expect(sso.requests).toHaveLength(3);
    expect((await call('198.51.100.2')).statusCode).toBe(200);
  });

  it('per client address: two IPv6 addresses of one /64 share a bucket, another /64 does not, and IPv4-mapped IPv6 counts as IPv4', async () => {
    const app = await build({ proxyRateLimit: 2 });
    const call = (remoteAddress: string) =>
      app.inject({ method: 'GET', url: `${PROXY}factor/v1/MeCreds`, remoteAddress });
    expect((await call('2001:db8:1:2::a')).statusCode).toBe(200);
    expect((await call('2001:db8:1:2:ffff:1:2:b')).statusCode).toBe(200);
    expect((await call('2001:db8:1:2::c')).statusCode).toBe(429);
    expect((await call('2001:db8:1:3::a')).statusCode).toBe(200);
    expect((await call('192.0.2.1')).statusCode).toBe(200);
    expect((await call('::ffff:192.0.2.1')).statusCode).toBe(200);
    expect((await call('192.0.2.1')).statusCode).toBe(429);
  });

  it('per user name: the tries of one user add up across addresses and flows; another user is not held up', async () => {
    // authenticate is counted too, under the subject it names: 2 starts and 3 passwords fill 5.
    const app = await build({ proxyUserRateLimit: 5 });
    let address = 0;
    const from = () => `198.51.100.${++address}`;
    const start = async (subject: string) => {
      const reply = await app.inject({
        method: 'POST',
        url: `${PROXY}auth/v1/authenticate`,
        headers: json,
        payload: { subject, channel: 'web' },
        remoteAddress: from(),
      });
      expect(reply.statusCode).toBe(200);
      return reply.json<{ flowState: string }>().flowState;
    };
    const password = (flowState: string) =>
      app.inject({
        method: 'POST',
        url: `${PROXY}factor/v1/PasswordAuthenticator`,
        headers: { ...json, 'x-flow-state': flowState },
        payload: { password: 'guess', deviceTag: 'dt' },
        remoteAddress: from(),
      });

    const first = await start('Pat.Password');
    expect((await password(first)).statusCode).toBe(200);
    expect((await password(first)).statusCode).toBe(200);
    // A new flow for the same user (any case), from yet another address: the same allowance.
    const second = await start('pat.password');
    expect((await password(second)).statusCode).toBe(200);
    const limited = await password(second);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await password(first)).statusCode).toBe(429);
    // Another user's flow is counted apart.
    const other = await start('sam.sms');
    expect((await password(other)).statusCode).toBe(200);
    await sso.settled();
    expect(sso.requests.filter((request) => request.url.endsWith('PasswordAuthenticator'))).toHaveLength(4);
  });

  it('per user name: authenticate is counted under the subject its body names, before it reaches the SSO', async () => {
    const app = await build({ proxyUserRateLimit: 3 });
    let address = 0;
    const authenticate = (subject: string) =>
      app.inject({
        method: 'POST',
        url: `${PROXY}auth/v1/authenticate`,
        headers: json,
        payload: { subject, channel: 'web' },
        remoteAddress: `198.51.100.${++address}`,
      });
    for (const subject of ['pat.password', 'PAT.PASSWORD', ' Pat.Password '])
      expect((await authenticate(subject)).statusCode).toBe(200);
    const limited = await authenticate('pat.password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ errorCode: 'PORTAL_RATE_LIMITED' });
    expect((await authenticate('sam.sms')).statusCode).toBe(200);
    await sso.settled();
    // The refused one never reached the SSO, and the one that went on carried its body whole.
    const bodies = sso.requests.filter((request) => request.url.endsWith('authenticate')).map((r) => r.body);
    expect(bodies).toHaveLength(4);
    expect(JSON.parse(bodies[3] ?? '{}')).toEqual({ subject: 'sam.sms', channel: 'web' });
  });

  it("per user name: a contributed call whose remote says it tries a secret is counted under the flow's user", async () => {
    // A live build of remote_factors that contributes two calls, one of which tries a secret.
    const own = createFixtureDirs();
    const release = writeRelease(
      own,
      'remote-factors/2.0.0-0123456789',
      manifest(
        'remote_factors',
        ['Otp'],
        '18375a38a4',
        '',
        contributions([{ path: '/rc', guard: 'C', expose: './Otp', title: 'Recovery code' }], {
          calls: [
            { method: 'POST', path: 'factor/v1/RecoveryCodeAuthenticator', triesSecret: true },
            { method: 'POST', path: 'factor/v1/NothingSecret' },
          ],
        }),
      ),
    );
    own.writeRemotesConfig({ remote_factors: release });
    const app = await buildServer(testConfig(own, { ssoBaseUrl: sso.baseUrl, proxyUserRateLimit: 3 }), quiet);
    apps.push(app);
    onTestFinished(() => own.cleanup());
    const flowState = (
      await app.inject({
        method: 'POST',
        url: `${PROXY}auth/v1/authenticate`,
        headers: json,
        payload: { subject: 'rita.recovery', channel: 'web' },
      })
    ).json<{ flowState: string }>().flowState;
    const call = (path: string) =>
      app.inject({
        method: 'POST',
        url: `${PROXY}factor/v1/${path}`,
        headers: { ...json, 'x-flow-state': flowState },
        payload: { code: 'guess' },
      });
    // A call that tries nothing is not counted, however often.
    for (let i = 0; i < 5; i += 1) expect((await call('NothingSecret')).statusCode).toBe(200);
    expect((await call('RecoveryCodeAuthenticator')).statusCode).toBe(200);
    expect((await call('RecoveryCodeAuthenticator')).statusCode).toBe(200);
    expect((await call('RecoveryCodeAuthenticator')).statusCode).toBe(429);
  });

  it('per user name: a user named by the reply (userName) is learned too, and PushStatus polling is not counted', async () => {
    sso.handle((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json', 'x-flow-state': 'flow-idp' })
        .end(JSON.stringify({ nextaction: 'AUTH_REQUIRED', userName: 'ida.idp', flowState: 'flow-idp' }));
    });
    const app = await build({ proxyUserRateLimit: 2 });
    const call = (path: string, flowState?: string) =>
      app.inject({
        method: 'POST',
        url: `${PROXY}${path}`,
        headers: { ...json, ...(flowState ? { 'x-flow-state': flowState } : {}) },
        payload: {},
      });
    // The oauth2 arrival: no subject, a flow state from the relying party; counted under the flow.
    expect((await call('auth/v1/authenticate', 'flow-rp')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1)
      expect((await call('factor/v1/PushStatus', 'flow-idp')).statusCode).toBe(200);
    expect((await call('factor/v1/OTPGenerator', 'flow-idp')).statusCode).toBe(200);
    expect((await call('factor/v1/OTPVerifier', 'flow-idp')).statusCode).toBe(200);
    expect((await call('factor/v1/OTPVerifier', 'flow-idp')).statusCode).toBe(429);
  });

  it('sends the SSO the trusted client address chain in X-Forwarded-For and Forwarded when TRUST_PROXY is set', async () => {
    const app = await build({ trustProxy: 1 });
    const response = await app.inject({
      method: 'GET',
      url: `${PROXY}factor/v1/MeCreds`,
      remoteAddress: '10.0.0.9',
      headers: {
        host: 'portal.example.com',
        // What the client wrote itself (6.6.6.6, for=evil), then what the load balancer appended.
        'x-forwarded-for': '6.6.6.6, 203.0.113.5',
        forwarded: 'for=evil',
        'x-forwarded-proto': 'https',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(sso.requests[0]?.headers['x-forwarded-for']).toBe('203.0.113.5, 10.0.0.9');
    expect(sso.requests[0]?.headers.forwarded).toBe(
      'for=203.0.113.5;proto=https;host=portal.example.com, for=10.0.0.9',
    );
  });

  it('writes an IPv6 client in Forwarded as a quoted, bracketed node', async () => {
    const app = await build({ trustProxy: ['10.0.0.0/8'] });
    await app.inject({
      method: 'GET',
      url: `${PROXY}factor/v1/MeCreds`,
      remoteAddress: '10.0.0.9',
      headers: { host: 'localhost:8080', 'x-forwarded-for': '2001:db8::7' },
    });
    expect(sso.requests[0]?.headers['x-forwarded-for']).toBe('2001:db8::7, 10.0.0.9');
    expect(sso.requests[0]?.headers.forwarded).toBe(
      'for="[2001:db8::7]";proto=http;host="localhost:8080", for=10.0.0.9',
    );
  });

  it('without TRUST_PROXY sends neither header, and drops the ones a client sent', async () => {
    const app = await build({ trustProxy: false });
    await app.inject({
      method: 'GET',
      url: `${PROXY}factor/v1/MeCreds`,
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-for': '6.6.6.6', forwarded: 'for=6.6.6.6', 'x-real-ip': '6.6.6.6' },
    });
    expect(sso.requests).toHaveLength(1);
    for (const name of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect(sso.requests[0]?.headers[name]).toBeUndefined();
    }
  });

  it('fails closed when the store fails: 503, nothing reaches the SSO, and exactly one error log line', async () => {
    const logs = new LogCapture();
    const app = await build(
      {},
      { logStream: logs, rateLimitStore: { hit: () => Promise.reject(new Error('redis down')) } },
    );
    const response = await app.inject({
      method: 'POST',
      url: `${PROXY}factor/v1/PasswordAuthenticator`,
      headers: { ...json, 'x-flow-state': 'flow-1' },
      payload: { password: 'guess' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errorCode: 'PORTAL_RATE_LIMIT_UNAVAILABLE',
      errorMessage: 'Please try again later',
    });
    await sso.settled();
    expect(sso.requests).toHaveLength(0);
    const errors = logs.entries().filter((entry) => Number(entry.level) >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'rate limit store failed; request refused', limit: 'proxy' });
  });
});
