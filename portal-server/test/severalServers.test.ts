import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type PortalServerConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { type RedisServer, startRedisServer } from './helpers/redisServer.js';
import { flowSteps, startUpstreamStub } from './helpers/upstreamStub.js';

/** REDIS_COMMAND_TIMEOUT_MS of these servers. */
const TIMEOUT_MS = 300;
const LIMIT = 4;

describe('REDIS_URL', () => {
  it('is off by default: the limits count in memory', () => {
    expect(loadConfig({}).redis).toBeUndefined();
  });

  it('takes a redis:// or rediss:// URL, with a 500 ms command timeout and the portal: prefix', () => {
    expect(loadConfig({ REDIS_URL: 'redis://:secret@10.0.0.5:6380/2' }).redis).toEqual({
      url: 'redis://:secret@10.0.0.5:6380/2',
      commandTimeoutMs: 500,
      keyPrefix: 'portal:',
    });
    expect(
      loadConfig({
        REDIS_URL: 'rediss://cache.internal',
        REDIS_COMMAND_TIMEOUT_MS: '200',
        REDIS_KEY_PREFIX: 'eu1:',
      }).redis,
    ).toEqual({ url: 'rediss://cache.internal', commandTimeoutMs: 200, keyPrefix: 'eu1:' });
  });

  it.each([
    ['REDIS_URL', 'http://10.0.0.5:6379', 'must be a redis:// or rediss:// URL'],
    ['REDIS_URL', 'localhost:6379', 'must be a redis:// or rediss:// URL'],
    ['REDIS_URL', 'redis://10.0.0.5:6379/db?x=1', 'must be a redis:// or rediss:// URL'],
    ['REDIS_COMMAND_TIMEOUT_MS', '0', 'must be at least 1 millisecond'],
    ['REDIS_KEY_PREFIX', 'portal *', 'must be 1 to 64 letters'],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', [name]: value })).toThrowError(
      ConfigError,
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', [name]: value })).toThrowError(
      `Invalid environment variable ${name}: ${message}`,
    );
  });
});

// Two portal servers on one real redis-server, as behind a load balancer: what one counts the
// other sees, and a Redis that fails leaves each counting its share of the limit alone.
describe('two portal servers sharing one Redis', () => {
  let redis: RedisServer;
  let dirs: FixtureDirs;
  let logs: LogCapture;
  let servers: FastifyInstance[] = [];

  beforeAll(() => {
    dirs = createFixtureDirs();
  });

  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
    await redis?.stop();
  });

  afterAll(() => dirs.cleanup());

  async function startServers(
    keyPrefix: string,
    overrides: Partial<PortalServerConfig> = {},
  ): Promise<[FastifyInstance, FastifyInstance]> {
    redis = await startRedisServer();
    logs = new LogCapture();
    const config = testConfig(dirs, {
      cspReportRateLimit: LIMIT,
      redis: { url: redis.url, commandTimeoutMs: TIMEOUT_MS, keyPrefix },
      ...overrides,
    });
    const pair: [FastifyInstance, FastifyInstance] = [
      await buildServer(config, { logStream: logs }),
      await buildServer(config, { logStream: logs }),
    ];
    servers = pair;
    return pair;
  }

  const report = (server: FastifyInstance) =>
    server.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src-elem' } }),
    });

  it('counts one limit across both: the request after the limit is refused, whichever server it reaches', async () => {
    const [one, two] = await startServers('portal:');
    const statuses: number[] = [];
    for (let index = 0; index < LIMIT; index += 1)
      statuses.push((await report(index % 2 ? two : one)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204]);

    const refusedByOne = await report(one);
    const refusedByTwo = await report(two);
    expect([refusedByOne.statusCode, refusedByTwo.statusCode]).toEqual([429, 429]);
    expect(Number(refusedByTwo.headers['retry-after'])).toBeGreaterThan(55);
    // The window lives in Redis under the documented key.
    const client = new Redis(redis.url);
    try {
      expect(await client.get('portal:rl:csp-report:127.0.0.1')).toBe(String(LIMIT + 2));
    } finally {
      client.disconnect();
    }
  });

  it('keeps counting when Redis hangs: each instance alone at its share of the limit, one log line each, shared again when it answers', async () => {
    const [one, two] = await startServers('hang:', { instances: 2 });
    expect((await report(one)).statusCode).toBe(204);

    redis.pause();
    // The first request of the outage waits for the command timeout at most; the rest do not wait.
    const started = Date.now();
    expect((await report(one)).statusCode).toBe(204);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 700);
    const quick = Date.now();
    // LIMIT 4 over PORTAL_INSTANCES 2: each instance lets 2 through alone, 4 in all, as before.
    expect((await report(one)).statusCode).toBe(204);
    expect(Date.now() - quick).toBeLessThan(TIMEOUT_MS);
    const alone = await report(one);
    expect(alone.statusCode).toBe(429);
    expect(alone.headers['retry-after']).toBeDefined();
    expect([
      (await report(two)).statusCode,
      (await report(two)).statusCode,
      (await report(two)).statusCode,
    ]).toEqual([204, 204, 429]);
    const outages = () =>
      logs.entries().filter((entry) => String(entry.msg).startsWith('shared store unreachable'));
    // One line per instance for the whole outage, however many requests it saw.
    expect(outages()).toHaveLength(2);

    redis.resume();
    // Shared again: the window in Redis (1 request before the outage) goes on counting.
    await expect.poll(async () => (await report(one)).statusCode, { timeout: 5000 }).toBe(204);
    expect(logs.entries().some((entry) => String(entry.msg).startsWith('shared store reachable again'))).toBe(
      true,
    );
    expect(outages()).toHaveLength(2);
  });

  it('keeps answering when Redis is gone, on both servers, without waiting on it', async () => {
    const [one, two] = await startServers('gone:', { instances: 2 });
    expect((await report(one)).statusCode).toBe(204);
    const before = (await one.inject({ url: '/readyz' })).json<{ checks: Record<string, string> }>().checks;
    await redis.stop();

    for (const server of [one, two, one, two]) {
      const started = Date.now();
      expect((await report(server)).statusCode).toBe(204);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 700);
    }
    expect((await report(one)).statusCode).toBe(429);
    expect(
      logs.entries().filter((entry) => String(entry.msg).startsWith('shared store unreachable')),
    ).toHaveLength(2);
    // /readyz asks nothing of Redis: it answers as it did before the outage (this fixture has no
    // host build, hence its own 'host' check), on both.
    for (const server of [one, two]) {
      const ready = (await server.inject({ url: '/readyz' })).json<{ checks: Record<string, string> }>();
      expect(ready.checks).toEqual(before);
      expect(ready.checks).not.toHaveProperty('redis');
    }
  });

  it('counts one user once: flows begun on one instance and guessed on the other are counted under their user', async () => {
    const sso = await startUpstreamStub('/default/');
    sso.handle(flowSteps());
    try {
      const [one, two] = await startServers('flows:', { ssoBaseUrl: sso.baseUrl, proxyUserRateLimit: 4 });
      const json = { 'content-type': 'application/json' };
      const start = async () => {
        const reply = await one.inject({
          method: 'POST',
          url: '/common/portal/proxy/auth/v1/authenticate',
          headers: json,
          payload: { subject: 'pat.password', channel: 'web' },
        });
        expect(reply.statusCode).toBe(200);
        return reply.json<{ flowState: string }>().flowState;
      };
      const guess = (flowState: string) =>
        two.inject({
          method: 'POST',
          url: '/common/portal/proxy/factor/v1/PasswordAuthenticator',
          headers: { ...json, 'x-flow-state': flowState },
          payload: { password: 'guess' },
        });
      const first = await start();
      expect((await guess(first)).statusCode).toBe(200);
      expect((await guess(first)).statusCode).toBe(200);
      // A fresh flow does not buy fresh tries: its user is known on the other instance too.
      const second = await start();
      expect((await guess(second)).statusCode).toBe(429);
      await sso.settled();
      expect(sso.requests.filter((request) => request.url.endsWith('PasswordAuthenticator'))).toHaveLength(2);
      // The flow's user is kept in Redis as digests, never in clear, and expires.
      const client = new Redis(redis.url);
      try {
        const keys = await client.keys('flows:flow:*');
        expect(keys.length).toBeGreaterThanOrEqual(2);
        for (const key of keys) {
          expect(key).not.toContain(first);
          expect(await client.get(key)).toMatch(/^user:[A-Za-z0-9_-]{32}$/);
          expect(await client.pttl(key)).toBeGreaterThan(0);
        }
      } finally {
        client.disconnect();
      }
    } finally {
      await sso.close();
    }
  });

  it('closes its connection when the server closes', async () => {
    const [one, two] = await startServers('close:');
    await report(one);
    await report(two);
    const client = new Redis(redis.url);
    try {
      const connected = async () =>
        String(await client.client('LIST'))
          .trim()
          .split('\n').length;
      expect(await connected()).toBe(3);
      await one.close();
      await expect.poll(connected, { timeout: 2000 }).toBe(2);
    } finally {
      client.disconnect();
    }
  });
});
