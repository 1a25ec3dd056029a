import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { type RedisServer, startRedisServer } from './helpers/redisServer.js';

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
// other sees, and a Redis that fails makes both refuse (503) within the command timeout.
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

  async function startServers(keyPrefix: string): Promise<[FastifyInstance, FastifyInstance]> {
    redis = await startRedisServer();
    logs = new LogCapture();
    const config = testConfig(dirs, {
      cspReportRateLimit: LIMIT,
      redis: { url: redis.url, commandTimeoutMs: TIMEOUT_MS, keyPrefix },
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

  it('refuses with 503 within the command timeout when Redis hangs, and counts again when it answers', async () => {
    const [one] = await startServers('hang:');
    expect((await report(one)).statusCode).toBe(204);

    redis.pause();
    const started = Date.now();
    const refused = await report(one);
    const took = Date.now() - started;
    redis.resume();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ errorCode: 'PORTAL_RATE_LIMIT_UNAVAILABLE' });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(took).toBeLessThan(TIMEOUT_MS + 700);
    expect(
      logs.entries().filter((entry) => entry.msg === 'rate limit store failed; request refused'),
    ).toHaveLength(1);

    await expect.poll(async () => (await report(one)).statusCode, { timeout: 5000 }).toBe(204);
  });

  it('refuses with 503 within the command timeout when Redis is gone, on both servers', async () => {
    const [one, two] = await startServers('gone:');
    expect((await report(one)).statusCode).toBe(204);
    await redis.stop();

    for (const server of [one, two, one]) {
      const started = Date.now();
      const refused = await report(server);
      expect(refused.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 700);
    }
    expect(logs.entries().some((entry) => String(entry.msg).startsWith('redis unreachable'))).toBe(true);
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
