import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMetricsServer } from '../src/canary/metricsServer.js';
import type { ReadinessChecks } from '../src/health/readiness.js';
import { CANARY_COOKIE, canaryBucket } from '../src/remotes/canarySession.js';
import { buildServer } from '../src/server.js';
import { MemoryCounterStore } from '../src/shared/counterStore.js';
import { CanaryStats } from '../src/canary/canaryStats.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import {
  LOGIN_V1,
  LOGIN_V2,
  type RemoteEntryShape,
  releaseEntries,
  writeFirstLoadFixture,
} from './helpers/firstLoadFixtures.js';
import { LogCapture } from './helpers/logCapture.js';

const READY: ReadinessChecks = {
  releases: async () => true,
  remotesConfig: async () => true,
  host: async () => true,
  draining: () => false,
};

const ORIGIN = 'http://localhost:8080';
const V1 = LOGIN_V1.split('/')[1] as string;
const V2 = LOGIN_V2.split('/')[1] as string;

/** A canary key whose remote_login bucket is below 50 (canary) or not (live). */
function keyIn(cohort: 'live' | 'canary'): string {
  for (let n = 0; ; n += 1) {
    const key = `k${String(n).padStart(21, '0')}`;
    if (canaryBucket(key, 'remote_login') < 50 === (cohort === 'canary')) return key;
  }
}

/** POST /v1/beacon as sendBeacon sends it: a text/plain string, from the portal's own page. */
function beacon(body: unknown, headers: Record<string, string> = {}): InjectOptions {
  return {
    method: 'POST',
    url: '/v1/beacon',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

describe('POST /v1/beacon and the operators’ /canary-stats', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;
  let store: MemoryCounterStore;
  let live: RemoteEntryShape;
  let canary: RemoteEntryShape;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    live = releaseEntries.get(LOGIN_V1) as RemoteEntryShape;
    canary = releaseEntries.get(LOGIN_V2) as RemoteEntryShape;
    dirs.writeRemotesConfig({ remote_login: { ...live, canary: { ...canary, percent: 50 } } });
    store = new MemoryCounterStore();
    app = await buildServer(testConfig(dirs, { beaconRateLimit: 5 }), {
      logStream: new LogCapture(),
      counterStore: store,
    });
  });
  afterEach(async () => {
    await app.close();
    dirs.cleanup();
  });

  const stats = async () => {
    const metrics = buildMetricsServer({
      stats: new CanaryStats(store),
      metrics: undefined,
      readiness: READY,
    });
    const reply = await metrics.inject({ url: '/canary-stats' });
    await metrics.close();
    expect(reply.statusCode).toBe(200);
    return (reply.json() as { builds: { release: string; cohort: string; sessions: number }[] }).builds;
  };

  it('counts sessions, errors and vitals per build in the cohort the canary cookie gives', async () => {
    const canaryCookie = `${CANARY_COOKIE}=${keyIn('canary')}`;
    const liveCookie = `${CANARY_COOKIE}=${keyIn('live')}`;
    const events = (release: string) => [
      { remote: 'remote_login', release, kind: 'loaded' },
      { remote: 'remote_login', release, kind: 'boundary', first: true },
      { remote: 'remote_login', release, kind: 'unhandled' },
      { remote: 'remote_login', release, kind: 'lcp', value: 2600 },
      { remote: 'remote_login', release, kind: 'cls', value: 0.02 },
    ];
    expect((await app.inject(beacon({ events: events(V2) }, { cookie: canaryCookie }))).statusCode).toBe(204);
    const loadedOnly = [{ remote: 'remote_login', release: V1, kind: 'loaded' }];
    expect((await app.inject(beacon({ events: loadedOnly }, { cookie: liveCookie }))).statusCode).toBe(204);
    // No cookie: a session that was never dealt a key gets the live build.
    expect((await app.inject(beacon({ events: loadedOnly }))).statusCode).toBe(204);

    const builds = await stats();
    expect(builds).toHaveLength(2);
    const [first, second] = builds;
    expect(first).toMatchObject({
      remote: 'remote_login',
      release: V1,
      cohort: 'live',
      sessions: 2,
      sessionsWithError: 0,
    });
    expect(second).toMatchObject({
      release: V2,
      cohort: 'canary',
      sessions: 1,
      sessionsWithError: 1,
      errors: { boundary: 1, unhandled: 1, 'load-failed': 0, 'not-usable': 0 },
      vitals: {
        // 2600 ms lies above 2500 and at most 3000: the bucket of bound 3000.
        lcp: {
          bounds: [250, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000, 20000],
          counts: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
        },
        inp: { counts: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      },
    });
  });

  it('ignores builds remotes.json does not serve that session: unknown remote, unknown release, the other cohort’s build', async () => {
    const liveCookie = `${CANARY_COOKIE}=${keyIn('live')}`;
    for (const event of [
      { remote: 'remote_nobody', release: V1, kind: 'loaded' },
      { remote: 'remote_login', release: '9.9.9-0000000000', kind: 'loaded' },
      // A live-cohort session naming the canary's release: a browser telling its own story.
      { remote: 'remote_login', release: V2, kind: 'loaded' },
    ]) {
      expect((await app.inject(beacon({ events: [event] }, { cookie: liveCookie }))).statusCode).toBe(204);
    }
    expect(await stats()).toEqual([]);
  });

  it('refuses what is not a beacon: unknown fields and kinds, free text, too many events, bad JSON', async () => {
    const refused = [
      {
        events: [
          { remote: 'remote_login', release: V1, kind: 'loaded', message: 'TypeError at /welcome?user=pat' },
        ],
      },
      { events: [{ remote: 'remote_login', release: V1, kind: 'crashed' }] },
      { events: [{ remote: 'remote_login', release: V1, kind: 'lcp' }] },
      { events: [{ remote: 'remote_login', release: V1, kind: 'lcp', value: -1 }] },
      { events: [{ remote: 'remote_login', release: '../../etc', kind: 'loaded' }] },
      { events: [] },
      { events: Array.from({ length: 17 }, () => ({ remote: 'remote_login', release: V1, kind: 'loaded' })) },
      { events: [{ remote: 'remote_login', release: V1, kind: 'loaded' }], userName: 'pat.password' },
      'not json',
    ];
    for (const [index, body] of refused.entries()) {
      // Each from its own address: the rate limit (5 here) is not what refuses them.
      const reply = await app.inject({ ...beacon(body), remoteAddress: `10.0.0.${index + 1}` });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stats()).toEqual([]);
  });

  it('refuses a body over 2 KB with 413', async () => {
    const reply = await app.inject(beacon(`{"events":[],"pad":"${'x'.repeat(2100)}"}`));
    expect(reply.statusCode).toBe(413);
  });

  it('refuses cross-site calls and calls without Origin or Sec-Fetch-Site, uncounted', async () => {
    const body = { events: [{ remote: 'remote_login', release: V1, kind: 'loaded' }] };
    expect((await app.inject(beacon(body, { origin: 'https://evil.example' }))).statusCode).toBe(403);
    expect(
      (await app.inject(beacon(body, { 'sec-fetch-site': 'cross-site', origin: ORIGIN }))).statusCode,
    ).toBe(403);
    const bare = beacon(body);
    bare.headers = { 'content-type': 'text/plain' };
    expect((await app.inject(bare)).statusCode).toBe(403);
    expect(await stats()).toEqual([]);
  });

  it('counts beacons per client address: over the limit, 429 and nothing counted', async () => {
    const body = { events: [{ remote: 'remote_login', release: V1, kind: 'loaded' }] };
    for (let n = 0; n < 5; n += 1) expect((await app.inject(beacon(body))).statusCode).toBe(204);
    const over = await app.inject(beacon(body));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await stats())[0]?.sessions).toBe(5);
  });

  it('serves no canary stats on the public port', async () => {
    expect((await app.inject({ url: '/canary-stats' })).statusCode).not.toBe(200);
  });
});

describe('the operators’ listener', () => {
  it('listens on METRICS_PORT at 127.0.0.1 beside the portal, and closes with it', async () => {
    const dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    const logs = new LogCapture();
    const app = await buildServer(testConfig(dirs, { port: 0, metricsPort: 0 }), { logStream: logs });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const line = logs
        .entries()
        .find((entry) => entry.msg === 'operator endpoint (canary stats, metrics, health) listening');
      const address = /^127\.0\.0\.1:(\d+)$/.exec(String(line?.metrics))?.[1];
      expect(address, JSON.stringify(logs.entries().map((e) => e.msg))).toBeDefined();
      const reply = await fetch(`http://127.0.0.1:${address}/canary-stats`);
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({ builds: [] });
    } finally {
      await app.close();
      dirs.cleanup();
    }
  });
});
