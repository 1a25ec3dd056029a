import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DrainState } from '../src/lifecycle/gracefulShutdown.js';
import { buildServer } from '../src/server.js';
import { canaryCookie, canaryKeyIn } from './helpers/canaryCookies.js';
import {
  LOGIN_V1,
  LOGIN_V2,
  type RemoteEntryShape,
  releaseEntries,
  writeFirstLoadFixture,
} from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { sampleOf } from './helpers/promText.js';
import { startRedisServer } from './helpers/redisServer.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const ORIGIN = 'http://localhost:8080';
const PROXY = '/common/portal/proxy/';
const V1 = LOGIN_V1.split('/')[1] as string;
const V2 = LOGIN_V2.split('/')[1] as string;

/** A canary key whose remote_login bucket puts the session in that cohort (the canary gets 50 %). */
const keyIn = (cohort: 'live' | 'canary') => canaryKeyIn(cohort === 'canary');

function beacon(events: unknown[], cohort: 'live' | 'canary'): InjectOptions {
  return {
    method: 'POST',
    url: '/v1/beacon',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      cookie: canaryCookie(keyIn(cohort)),
    },
    payload: JSON.stringify({ events }),
  };
}

const authenticate = (headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: `${PROXY}auth/v1/authenticate`,
  headers: { 'content-type': 'application/json', ...headers },
  payload: JSON.stringify({ userName: 'pat.password' }),
});

describe('operating the portal server: health, readiness and metrics', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;
  let drain: DrainState;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    const live = releaseEntries.get(LOGIN_V1) as RemoteEntryShape;
    const canary = releaseEntries.get(LOGIN_V2) as RemoteEntryShape;
    dirs.writeRemotesConfig({ remote_login: { ...live, canary: { ...canary, percent: 50 } } });
    sso = await startUpstreamStub('/default/');
    sso.handle((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ nextaction: 'PASSWORD_AUTH', userName: 'pat.password', flowState: 'f1' }));
    });
    drain = new DrainState();
    app = await buildServer(
      testConfig(dirs, {
        ssoBaseUrl: sso.baseUrl,
        proxyRateLimit: 2,
        cspReportRateLimit: 5,
        readyzRateLimit: 4,
      }),
      { logStream: new LogCapture(), drain },
    );
  });

  afterEach(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it('/healthz answers; /readyz names each check, and nothing of the configuration', async () => {
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { releases: 'ok', remotesConfig: 'ok', host: 'ok', shutdown: 'ok' },
    });
  });

  it('/readyz is 503 naming the failing check when remotes.json is unusable, and when draining', async () => {
    dirs.writeRemotesConfig('{ not json');
    const broken = await app.inject({ url: '/readyz' });
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toEqual({
      status: 'not ready',
      checks: { releases: 'ok', remotesConfig: 'failing', host: 'ok', shutdown: 'ok' },
    });
    expect(broken.body).not.toContain(dirs.root);

    // The drain is read on every call; the file checks are reused for a second (a probe is cheap).
    drain.draining = true;
    const draining = await app.inject({ url: '/readyz' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ checks: { remotesConfig: 'failing', shutdown: 'draining' } });
    rmSync(dirs.releasesDir, { recursive: true, force: true });
    let probes = 0;
    await expect
      .poll(async () => (await app.inject({ url: '/readyz', remoteAddress: `10.1.0.${++probes}` })).json(), {
        timeout: 3000,
      })
      .toMatchObject({ checks: { releases: 'failing', shutdown: 'draining' } });
    // Liveness is not readiness: the process still answers.
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz has its own limit per address, whatever the sign-in limits say; /healthz has none', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await app.inject(authenticate())).statusCode).toBe(i < 2 ? 200 : 429);
    }
    const probe = (address: string) => app.inject({ url: '/readyz', remoteAddress: address });
    for (let i = 0; i < 4; i += 1) expect((await probe('10.0.0.1')).statusCode).toBe(200);
    const limited = await probe('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address (another balancer, the orchestrator) is not held up, and liveness never is.
    expect((await probe('10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('counts requests, SSO calls, rate-limit refusals, sign-in steps, CSP reports and beacons', async () => {
    await app.inject({ url: '/v1/config/environment' });
    await app.inject(authenticate());
    await app.inject(authenticate());
    await app.inject(authenticate()); // the third in the window: refused by the proxy's limit
    await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': { 'document-uri': `${ORIGIN}/`, 'violated-directive': 'script-src' },
      }),
    });
    const errored = (release: string) => [
      { remote: 'remote_login', release, kind: 'loaded' },
      { remote: 'remote_login', release, kind: 'boundary', first: true },
      { remote: 'remote_login', release, kind: 'lcp', value: 2600 },
    ];
    expect((await app.inject(beacon(errored(V2), 'canary'))).statusCode).toBe(204);
    expect(
      (await app.inject(beacon([{ remote: 'remote_login', release: V1, kind: 'loaded' }], 'live')))
        .statusCode,
    ).toBe(204);

    const reply = await app.inject({ url: '/metrics' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = reply.body;
    const value = (name: string, labels: Record<string, string> = {}) => sampleOf(text, name, labels);
    expect(value('portal_http_requests_total', { route: 'config', method: 'GET', status: '200' })).toBe(1);
    expect(value('portal_http_requests_total', { route: 'proxy', method: 'POST', status: '200' })).toBe(2);
    expect(value('portal_http_requests_total', { route: 'proxy', method: 'POST', status: '429' })).toBe(1);
    expect(value('portal_http_request_duration_seconds_count', { route: 'proxy' })).toBe(3);
    expect(value('portal_sso_calls_total', { call: 'auth/v1/authenticate', status: '200' })).toBe(2);
    expect(value('portal_sso_call_duration_seconds_count', { call: 'auth/v1/authenticate' })).toBe(2);
    expect(value('portal_rate_limit_refusals_total', { limit: 'proxy' })).toBe(1);
    expect(
      value('portal_sign_in_steps_total', { factor: 'none', outcome: 'started', source: 'server' }),
    ).toBe(2);
    expect(value('portal_csp_reports_total')).toBe(1);
    const canary = { remote: 'remote_login', release: V2, cohort: 'canary' };
    expect(value('portal_beacon_sessions_total', canary)).toBe(1);
    expect(value('portal_beacon_sessions_with_error_total', canary)).toBe(1);
    expect(value('portal_beacon_errors_total', { ...canary, kind: 'boundary' })).toBe(1);
    expect(value('portal_web_vitals_lcp_seconds_bucket', { ...canary, le: '2.5' })).toBe(0);
    expect(value('portal_web_vitals_lcp_seconds_bucket', { ...canary, le: '3' })).toBe(1);
    expect(
      value('portal_beacon_sessions_total', { remote: 'remote_login', release: V1, cohort: 'live' }),
    ).toBe(1);
    expect(value('process_cpu_seconds_total')).toBeGreaterThan(0);
    // Never a user, an address or a token.
    expect(text).not.toContain('pat.password');
    expect(text).not.toContain('127.0.0.1');
  });
});

describe('a shared dependency down: /readyz stays 200, /dependencies and the metrics say so', () => {
  it('Redis hung: sign-ins go on, the outage is logged once, then it is over', async () => {
    const redis = await startRedisServer();
    const sso = await startUpstreamStub('/default/');
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"nextaction":"PASSWORD_AUTH"}');
    });
    const dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    const logs = new LogCapture();
    const app = await buildServer(
      testConfig(dirs, {
        ssoBaseUrl: sso.baseUrl,
        redis: { url: redis.url, commandTimeoutMs: 300, keyPrefix: 'ops-test:' },
      }),
      { logStream: logs },
    );
    const dependencies = async () => {
      const reply = await app.inject({ url: '/dependencies' });
      return { status: reply.statusCode, body: reply.json<Record<string, unknown>>() };
    };
    const metric = async (name: string, labels: Record<string, string>) =>
      sampleOf((await app.inject({ url: '/metrics' })).body, name, labels);
    try {
      expect(await dependencies()).toMatchObject({
        status: 200,
        body: { status: 'ok', dependencies: { redis: { state: 'ok', outages: 0 }, sso: { state: 'ok' } } },
      });
      redis.pause();
      for (let i = 0; i < 3; i += 1) {
        expect((await app.inject(authenticate({ origin: ORIGIN }))).statusCode).toBe(200);
        expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      }
      const during = await dependencies();
      expect(during).toMatchObject({
        status: 503,
        body: { status: 'failing', dependencies: { redis: { state: 'failing', outages: 1 } } },
      });
      expect(JSON.stringify(during.body)).not.toContain(redis.url);
      expect(await metric('portal_dependency_up', { dependency: 'redis' })).toBe(0);
      expect(await metric('portal_dependency_outages_total', { dependency: 'redis' })).toBe(1);
      const outageLines = () =>
        logs.entries().filter((entry) => String(entry.msg).startsWith('shared store unreachable'));
      expect(outageLines()).toHaveLength(1);
      redis.resume();
      await expect.poll(async () => (await dependencies()).status, { timeout: 10_000 }).toBe(200);
      expect(await metric('portal_dependency_up', { dependency: 'redis' })).toBe(1);
      expect(outageLines()).toHaveLength(1);
      expect(
        logs.entries().some((entry) => String(entry.msg).startsWith('shared store reachable again')),
      ).toBe(true);
    } finally {
      redis.resume();
      await app.close();
      await redis.stop();
      await sso.close();
      dirs.cleanup();
    }
  });

  it('the SSO unreachable: /readyz stays 200, /dependencies and portal_dependency_up say it fails', async () => {
    const dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    const app = await buildServer(testConfig(dirs, { ssoBaseUrl: 'http://127.0.0.1:9/default/' }), {
      logStream: new LogCapture(),
    });
    try {
      for (let i = 0; i < 3; i += 1) expect((await app.inject(authenticate())).statusCode).toBe(502);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      const reply = await app.inject({ url: '/dependencies' });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toMatchObject({ dependencies: { sso: { state: 'failing' } } });
      expect(reply.json()).not.toHaveProperty('dependencies.redis');
      const text = (await app.inject({ url: '/metrics' })).body;
      expect(sampleOf(text, 'portal_dependency_up', { dependency: 'sso' })).toBe(0);
      expect(sampleOf(text, 'portal_dependency_outages_total', { dependency: 'sso' })).toBe(1);
    } finally {
      await app.close();
      dirs.cleanup();
    }
  });
});

describe('metrics of refusals the page never sees', () => {
  it('counts a refused refresh and a live remote whose manifest is not the one remotes.json pins', async () => {
    const dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    const live = releaseEntries.get(LOGIN_V1) as RemoteEntryShape;
    const other = releaseEntries.get(LOGIN_V2) as RemoteEntryShape;
    dirs.writeRemotesConfig({ remote_login: { ...live, integrity: other.integrity } });
    const app = await buildServer(testConfig(dirs), { logStream: new LogCapture() });
    try {
      const refresh = await app.inject({
        method: 'POST',
        url: '/v1/token/generate/refresh',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: { grant_type: 'refresh_token', refresh_token: 'no-such-handle', scope: 'openid' },
      });
      expect(refresh.statusCode).toBe(401);
      await app.inject({ url: '/direct', headers: { accept: 'text/html' } });
      const text = (await app.inject({ url: '/metrics' })).body;
      expect(sampleOf(text, 'portal_refresh_refusals_total')).toBe(1);
      expect(sampleOf(text, 'portal_remote_integrity_failures_total', { remote: 'remote_login' })).toBe(1);
    } finally {
      await app.close();
      dirs.cleanup();
    }
  });
});

describe('the operators’ port (METRICS_PORT)', () => {
  it('serves /metrics, /healthz and /readyz there, and /metrics not on the public port', async () => {
    const dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    const logs = new LogCapture();
    const app = await buildServer(testConfig(dirs, { port: 0, metricsPort: 0 }), { logStream: logs });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const line = logs.entries().find((entry) => String(entry.msg).startsWith('operator endpoint'));
      const operators = `http://${String(line?.metrics)}`;
      const metrics = await fetch(`${operators}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('# TYPE portal_http_requests_total counter');
      expect((await fetch(`${operators}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${operators}/readyz`)).json()).toMatchObject({ status: 'ready' });
      expect(await (await fetch(`${operators}/dependencies`)).json()).toHaveProperty('dependencies.sso');
      const publicMetrics = await app.inject({ url: '/metrics', headers: { accept: 'text/plain' } });
      expect(publicMetrics.statusCode).toBe(404);
      const publicDependencies = await app.inject({
        url: '/dependencies',
        headers: { accept: 'application/json' },
      });
      expect(publicDependencies.statusCode).toBe(404);
    } finally {
      await app.close();
      dirs.cleanup();
    }
  });

  it('with METRICS=off collects nothing and serves no /metrics', async () => {
    const dirs = createFixtureDirs();
    const app = await buildServer(testConfig(dirs, { metricsEnabled: false }), {
      logStream: new LogCapture(),
    });
    try {
      expect((await app.inject({ url: '/metrics', headers: { accept: 'text/plain' } })).statusCode).toBe(404);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      dirs.cleanup();
    }
  });
});
