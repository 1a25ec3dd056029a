import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { PageCache } from '../src/firstLoad/pageCache.js';
import { PlannedPage } from '../src/firstLoad/plannedPage.js';
import { canaryBucket } from '../src/remotes/canarySession.js';
import { canaryCookie, canaryKeyIn, dealtCanaryCookie } from './helpers/canaryCookies.js';
import { buildServer } from '../src/server.js';
import {
  FACTORS_V1,
  LOGIN_V1,
  LOGIN_V2,
  type RemoteEntryShape,
  releaseEntries,
  remotesOf,
  writeFirstLoadFixture,
} from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

// Every page the server plans is stored once (PageCache.set): counting the stores tells a planned
// page from a cached one. (A spy on the class, not a module mock: the suite shares modules.)
const plans = {
  get count() {
    return storePlanned.mock.calls.length;
  },
};
let storePlanned: MockInstance<PageCache['set']>;

const pageHeaders = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

/** A canary key (the cookie's format) whose bucket for remote_login is below 50 (canary) or not. */
const keyIn = (canary: boolean) => canaryKeyIn(canary);

const entryOf = (folder: string) => releaseEntries.get(folder) as RemoteEntryShape;

describe('the planned-page cache', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;

  const get = (url: string, cookie?: string) =>
    app.inject({
      url,
      headers: { ...pageHeaders, ...(cookie ? { cookie: canaryCookie(cookie) } : {}) },
    });
  const htmlOf = (response: Awaited<ReturnType<typeof get>>) =>
    brotliDecompressSync(response.rawPayload).toString();
  const loginManifest = (response: Awaited<ReturnType<typeof get>>) =>
    remotesOf(htmlOf(response)).remote_login?.manifest;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    storePlanned = vi.spyOn(PageCache.prototype, 'set');
    app = await buildServer(testConfig(dirs), { logStream: new LogCapture() });
  });
  afterEach(async () => {
    storePlanned.mockRestore();
    await app.close();
    dirs.cleanup();
  });

  it('answers the same route and release set with the same bytes, planned once', async () => {
    const first = await get('/direct');
    const second = await get('/direct');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(plans.count).toBe(1);
    // Another route is another page.
    await get('/help');
    expect(plans.count).toBe(2);
  });

  it('keys a page by the route it renders: made-up paths share the not-found page and evict nothing', async () => {
    const direct = await get('/direct');
    const notFound = await get('/no-such-page');
    expect(plans.count).toBe(2);
    // A flood of made-up paths, more than the cache holds: one not-found entry, planned once.
    for (let index = 0; index < 100; index += 1) {
      const response = await get(`/made-up-${index}`);
      expect(response.rawPayload.equals(notFound.rawPayload)).toBe(true);
    }
    expect(plans.count).toBe(2);
    // The real page is still cached, and a trailing slash is the same route.
    expect((await get('/direct')).rawPayload.equals(direct.rawPayload)).toBe(true);
    expect((await get('/direct/')).rawPayload.equals(direct.rawPayload)).toBe(true);
    expect(plans.count).toBe(2);
  });

  it('keeps the headers of every response its own: security headers, no-store, its own canary cookie or none', async () => {
    const first = await get('/direct');
    const cached = await get('/direct');
    expect(plans.count).toBe(1);
    expect(cached.headers['content-security-policy']).toContain("script-src 'self'");
    expect(cached.headers['x-frame-options']).toBe('DENY');
    expect(cached.headers['cache-control']).toBe('no-store');
    expect(cached.headers.vary).toMatch(/accept-encoding/i);
    // Every page load without a key is dealt one (no canary runs here): each its own, never the
    // cached page's.
    const firstKey = dealtCanaryCookie(first.headers['set-cookie'])?.key;
    const cachedKey = dealtCanaryCookie(cached.headers['set-cookie'])?.key;
    expect(firstKey).toBeDefined();
    expect(cachedKey).toBeDefined();
    expect(cachedKey).not.toBe(firstKey);
    // A session that holds its key gets the same cached page and no cookie at all.
    const held = await get('/direct', firstKey);
    expect(plans.count).toBe(1);
    expect(held.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(held.headers['set-cookie']).toBeUndefined();
  });

  it('plans the next page after a promotion (remotes.json rewritten), never the cached one', async () => {
    expect(loginManifest(await get('/direct'))).toBe(entryOf(LOGIN_V1).manifest);
    dirs.writeRemotesConfig({ remote_login: entryOf(LOGIN_V2), remote_factors: entryOf(FACTORS_V1) });
    expect(loginManifest(await get('/direct'))).toBe(entryOf(LOGIN_V2).manifest);
    expect(plans.count).toBe(2);
    // A rollback is a promotion too: the page of the first release set again.
    dirs.writeRemotesConfig({ remote_login: entryOf(LOGIN_V1), remote_factors: entryOf(FACTORS_V1) });
    expect(loginManifest(await get('/direct'))).toBe(entryOf(LOGIN_V1).manifest);
  });

  it('gives each canary cohort its own page, each planned once', async () => {
    dirs.writeRemotesConfig({
      remote_login: { ...entryOf(LOGIN_V1), canary: { ...entryOf(LOGIN_V2), percent: 50 } },
      remote_factors: entryOf(FACTORS_V1),
    });
    const inCanary = keyIn(true);
    const onLive = keyIn(false);
    expect(loginManifest(await get('/direct', inCanary))).toBe(entryOf(LOGIN_V2).manifest);
    expect(loginManifest(await get('/direct', onLive))).toBe(entryOf(LOGIN_V1).manifest);
    expect(loginManifest(await get('/direct', inCanary))).toBe(entryOf(LOGIN_V2).manifest);
    expect(loginManifest(await get('/direct', onLive))).toBe(entryOf(LOGIN_V1).manifest);
    expect(plans.count).toBe(2);
  });

  it('deals every new session its own key, even when its page comes from the cache', async () => {
    dirs.writeRemotesConfig({
      remote_login: { ...entryOf(LOGIN_V1), canary: { ...entryOf(LOGIN_V2), percent: 50 } },
      remote_factors: entryOf(FACTORS_V1),
    });
    const responses = await Promise.all(Array.from({ length: 8 }, () => get('/direct')));
    const keys = responses.map((response) => dealtCanaryCookie(response.headers['set-cookie'])?.key);
    expect(new Set(keys).size).toBe(8);
    // Each session got the page of its own cohort: the canary's exactly when its bucket says so.
    responses.forEach((response, index) => {
      const key = keys[index] as string;
      const expected = canaryBucket(key, 'remote_login') < 50 ? LOGIN_V2 : LOGIN_V1;
      expect(loginManifest(response)).toBe(entryOf(expected).manifest);
    });
    // Two cohorts at most, whatever the number of sessions.
    expect(plans.count).toBeLessThanOrEqual(2);
  });
});

describe('PageCache', () => {
  const page = (html: string) => new PlannedPage(html, undefined);

  it('keeps at most its cap, dropping the least recently used page', () => {
    const cache = new PageCache(3);
    for (const name of ['a', 'b', 'c']) cache.set(name, page(name));
    cache.get('a');
    cache.set('d', page('d'));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.html.toString()).toBe('a');
    for (let index = 0; index < 50; index += 1) cache.set(`x${index}`, page('x'));
    expect(cache.size).toBe(3);
  });

  it('keys objects by identity: a new read of the same content is a new key', () => {
    const cache = new PageCache();
    const environment = { riskType: 'RSARISK' as const, baseServiceUrl: 'x', ssoUrl: 'y' };
    const template = {};
    const parts = { route: '/direct', template, plan: {}, environment, remotes: undefined };
    expect(cache.key(parts)).toBe(cache.key({ ...parts }));
    expect(cache.key({ ...parts, template: {} })).not.toBe(cache.key(parts));
    expect(cache.key({ ...parts, route: '/help' })).not.toBe(cache.key(parts));
  });
});
