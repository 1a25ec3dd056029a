import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMetricsServer } from '../src/canary/metricsServer.js';
import { reusedReadiness } from '../src/health/readiness.js';
import { SsoReachability } from '../src/health/ssoReachability.js';
import { BEACONS_PER_SESSION } from '../src/canary/beaconRoute.js';
import { CANARY_COOKIE, canaryBucket, sealCanaryKey } from '../src/remotes/canarySession.js';
import { buildServer } from '../src/server.js';
import { sealingKey } from '../src/tokens/custody/sealingKeys.js';
import { canaryCookie, canaryKeyIn, dealtCanaryCookie } from './helpers/canaryCookies.js';
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

const READY = reusedReadiness({
  releases: async () => true,
  remotesConfig: async () => true,
  host: async () => true,
  draining: () => false,
});

const ORIGIN = 'http://localhost:8080';
const V1 = LOGIN_V1.split('/')[1] as string;
const V2 = LOGIN_V2.split('/')[1] as string;

/** A canary key whose remote_login bucket is below 50 (canary) or not (live). */
const keyIn = (cohort: 'live' | 'canary', from = 0) =>
  canaryKeyIn(cohort === 'canary', 'remote_login', 50, from);
/** The sealed cookie a page load of the test server deals, for a key in that cohort. */
const sessionOf = (cohort: 'live' | 'canary', from = 0) => ({ cookie: canaryCookie(keyIn(cohort, from)) });

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
      dependencies: { redis: undefined, sso: new SsoReachability('http://127.0.0.1:9/') },
    });
    const reply = await metrics.inject({ url: '/canary-stats' });
    await metrics.close();
    expect(reply.statusCode).toBe(200);
    return (reply.json() as { builds: { release: string; cohort: string; sessions: number }[] }).builds;
  };

  it('counts sessions, errors and vitals per build in the cohort the sealed canary cookie gives', async () => {
    const canarySession = sessionOf('canary');
    const liveSession = sessionOf('live');
    const events = (release: string) => [
      { remote: 'remote_login', release, kind: 'loaded' },
      { remote: 'remote_login', release, kind: 'boundary', first: true },
      { remote: 'remote_login', release, kind: 'unhandled' },
      { remote: 'remote_login', release, kind: 'lcp', value: 2600 },
      { remote: 'remote_login', release, kind: 'cls', value: 0.02 },
    ];
    expect((await app.inject(beacon({ events: events(V2) }, canarySession))).statusCode).toBe(204);
    const loadedOnly = [{ remote: 'remote_login', release: V1, kind: 'loaded' }];
    expect((await app.inject(beacon({ events: loadedOnly }, liveSession))).statusCode).toBe(204);
    expect((await app.inject(beacon({ events: loadedOnly }, sessionOf('live', 100)))).statusCode).toBe(204);

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
    const liveSession = sessionOf('live');
    for (const event of [
      { remote: 'remote_nobody', release: V1, kind: 'loaded' },
      { remote: 'remote_login', release: '9.9.9-0000000000', kind: 'loaded' },
      // A live-cohort session naming the canary's release: a browser telling its own story.
      { remote: 'remote_login', release: V2, kind: 'loaded' },
    ]) {
      expect((await app.inject(beacon({ events: [event] }, liveSession))).statusCode).toBe(204);
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
      const reply = await app.inject({
        ...beacon(body, sessionOf('live')),
        remoteAddress: `10.0.0.${index + 1}`,
      });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await stats()).toEqual([]);
  });

  it('refuses a body over 2 KB with 413', async () => {
    const reply = await app.inject(beacon(`{"events":[],"pad":"${'x'.repeat(2100)}"}`, sessionOf('live')));
    expect(reply.statusCode).toBe(413);
  });

  it('refuses cross-site calls and calls without Origin or Sec-Fetch-Site, uncounted', async () => {
    const body = { events: [{ remote: 'remote_login', release: V1, kind: 'loaded' }] };
    const session = sessionOf('live');
    expect((await app.inject(beacon(body, { ...session, origin: 'https://evil.example' }))).statusCode).toBe(
      403,
    );
    expect(
      (await app.inject(beacon(body, { ...session, 'sec-fetch-site': 'cross-site', origin: ORIGIN })))
        .statusCode,
    ).toBe(403);
    const bare = beacon(body, session);
    bare.headers = { 'content-type': 'text/plain', ...session };
    expect((await app.inject(bare)).statusCode).toBe(403);
    expect(await stats()).toEqual([]);
  });

  it('counts beacons per client address: over the limit, 429 and nothing counted', async () => {
    const body = { events: [{ remote: 'remote_login', release: V1, kind: 'loaded' }] };
    // Each beacon from its own session: the address is what is counted here.
    for (let n = 0; n < 5; n += 1) {
      expect((await app.inject(beacon(body, sessionOf('live', n * 10)))).statusCode).toBe(204);
    }
    const over = await app.inject(beacon(body, sessionOf('live', 1000)));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await stats())[0]?.sessions).toBe(5);
  });

  it.each([
    ['no canary cookie', () => ({})],
    [
      'a key of its own choosing (in the canary), unsealed',
      () => ({ cookie: `${CANARY_COOKIE}=${keyIn('canary')}` }),
    ],
    [
      'a sealed key with its MAC changed',
      () => {
        const cookie = canaryCookie(keyIn('canary'));
        const at = cookie.length - 10;
        return { cookie: `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}` };
      },
    ],
    [
      'a chosen key under the MAC of a key the server dealt',
      () => ({
        cookie: `${CANARY_COOKIE}=${keyIn('canary')}${canaryCookie(keyIn('live')).slice(CANARY_COOKIE.length + 23)}`,
      }),
    ],
    [
      "a key sealed with another server's keys",
      () => ({
        cookie: `${CANARY_COOKIE}=${sealCanaryKey(keyIn('canary'), [sealingKey(Buffer.alloc(32, 9))])}`,
      }),
    ],
  ])('refuses a beacon with %s (403) and counts it nowhere', async (_name, headers) => {
    const events = [
      { remote: 'remote_login', release: V2, kind: 'loaded' },
      { remote: 'remote_login', release: V2, kind: 'boundary', first: true },
    ];
    const reply = await app.inject(beacon({ events }, headers()));
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ errorCode: 'PORTAL_NO_SESSION', errorMessage: expect.any(String) });
    expect(await stats()).toEqual([]);
  });

  it('counts a beacon of the session a page load dealt, in the cohort of its key', async () => {
    const page = await app.inject({ url: '/direct', headers: { accept: 'text/html' } });
    const dealt = dealtCanaryCookie(page.headers['set-cookie']);
    expect(dealt).toBeDefined();
    const inCanary = canaryBucket(dealt?.key ?? '', 'remote_login') < 50;
    const release = inCanary ? V2 : V1;
    const reply = await app.inject(
      beacon(
        { events: [{ remote: 'remote_login', release, kind: 'loaded' }] },
        { cookie: dealt?.cookie ?? '' },
      ),
    );
    expect(reply.statusCode).toBe(204);
    expect(await stats()).toEqual([
      expect.objectContaining({ release, cohort: inCanary ? 'canary' : 'live', sessions: 1 }),
    ]);
  });

  it(`counts beacons per session too: over ${BEACONS_PER_SESSION} from one key, 429 from any address`, async () => {
    const body = { events: [{ remote: 'remote_login', release: V1, kind: 'loaded' }] };
    const session = sessionOf('live');
    // Each from its own address: the per-address limit (5 here) is not what refuses them.
    for (let n = 0; n < BEACONS_PER_SESSION; n += 1) {
      const reply = await app.inject({
        ...beacon(body, session),
        remoteAddress: `10.1.${n >> 8}.${n & 255}`,
      });
      expect(reply.statusCode).toBe(204);
    }
    const over = await app.inject({ ...beacon(body, session), remoteAddress: '10.2.0.1' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ errorCode: 'PORTAL_RATE_LIMITED' });
    expect(over.headers['retry-after']).toBeDefined();
    // Another session from that address is not held back by it.
    const other = await app.inject({ ...beacon(body, sessionOf('live', 100)), remoteAddress: '10.2.0.1' });
    expect(other.statusCode).toBe(204);
    expect((await stats())[0]?.sessions).toBe(BEACONS_PER_SESSION + 1);
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
