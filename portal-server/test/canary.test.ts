import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANARY_COOKIE, canaryBucket } from '../src/remotes/canarySession.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import {
  bootstrapOf,
  LOGIN_V1,
  LOGIN_V2,
  type RemoteEntryShape,
  releaseEntries,
  writeFirstLoadFixture,
} from './helpers/firstLoadFixtures.js';
import { LogCapture } from './helpers/logCapture.js';

/** The manifest of remote_login in the page's bootstrap block. */
const plannedManifest = (html: string) =>
  (bootstrapOf(html) as { remotes: Record<string, { manifest: string }> } | undefined)?.remotes.remote_login
    ?.manifest;

/** remotes.json's `canary` member: a build for N % of new browser sessions, kept for the session. */
describe('canary builds', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;
  // The two releases of remote_login the fixture writes, with the sha384 of their manifests.
  let live: RemoteEntryShape;
  let canary: RemoteEntryShape;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    live = releaseEntries.get(LOGIN_V1) as RemoteEntryShape;
    canary = releaseEntries.get(LOGIN_V2) as RemoteEntryShape;
    app = await buildServer(testConfig(dirs), { logStream: new LogCapture() });
  });
  afterEach(async () => {
    await app.close();
    dirs.cleanup();
  });

  const withCanary = (percent: number) =>
    dirs.writeRemotesConfig({ remote_login: { ...live, canary: { ...canary, percent } } });
  const sessionCookie = (setCookie: string | string[] | undefined) => {
    const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '');
    return new RegExp(`${CANARY_COOKIE}=([A-Za-z0-9_-]{22})`).exec(header)?.[1];
  };

  it('sends the plain entry and sets no cookie while no canary runs', async () => {
    dirs.writeRemotesConfig({ remote_login: live });
    const response = await app.inject({ url: '/remotes.json' });
    expect(response.json()).toEqual({ remote_login: live });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('deals a new session a key in an HttpOnly session cookie and tells it only its own build', async () => {
    withCanary(50);
    const response = await app.inject({ url: '/remotes.json' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(
      new RegExp(`^${CANARY_COOKIE}=[A-Za-z0-9_-]{22}; Path=/; Secure; HttpOnly; SameSite=Lax$`),
    );
    const key = sessionCookie(setCookie) ?? '';
    const expected = canaryBucket(key, 'remote_login') < 50 ? canary : live;
    expect(response.json()).toEqual({ remote_login: expected });
  });

  it('serves both builds over many new sessions, each session the same one every time', async () => {
    withCanary(50);
    const seen = new Set<string>();
    for (let session = 0; session < 40; session += 1) {
      const first = await app.inject({ url: '/remotes.json' });
      const key = sessionCookie(first.headers['set-cookie']);
      const build = first.json().remote_login.manifest;
      seen.add(build);
      const cookie = `${CANARY_COOKIE}=${key}`;
      for (let again = 0; again < 3; again += 1) {
        const next = await app.inject({ url: '/remotes.json', headers: { cookie } });
        expect(next.json().remote_login.manifest).toBe(build);
        expect(next.headers['set-cookie']).toBeUndefined();
        // The page's first-load plan names the same build as remotes.json.
        const page = await app.inject({ url: '/direct', headers: { cookie, accept: 'text/html' } });
        expect(plannedManifest(page.body)).toBe(build);
        expect(page.body).toContain(build.includes(LOGIN_V2) ? 'f00dfeed42' : 'e5d50b127d');
      }
    }
    expect([...seen].sort()).toEqual([live.manifest, canary.manifest].sort());
  });

  it('deals the key on the first page load too, and plans that page with the chosen build', async () => {
    withCanary(50);
    const page = await app.inject({ url: '/direct', headers: { accept: 'text/html' } });
    const key = sessionCookie(page.headers['set-cookie']) ?? '';
    const chosen = canaryBucket(key, 'remote_login') < 50 ? canary : live;
    expect(plannedManifest(page.body)).toBe(chosen.manifest);
    const json = await app.inject({ url: '/remotes.json', headers: { cookie: `${CANARY_COOKIE}=${key}` } });
    expect(json.json()).toEqual({ remote_login: chosen });
  });

  it('replaces a cookie that is not a key it deals', async () => {
    withCanary(50);
    const response = await app.inject({
      url: '/remotes.json',
      headers: { cookie: `${CANARY_COOKIE}=<script>` },
    });
    expect(sessionCookie(response.headers['set-cookie'])).toBeDefined();
  });

  it('spreads sessions evenly over the 100 buckets (about 10 % of them below 10)', () => {
    const buckets = Array.from({ length: 2000 }, (_, index) => canaryBucket(`key-${index}`, 'remote_login'));
    expect(Math.min(...buckets)).toBe(0);
    expect(Math.max(...buckets)).toBe(99);
    const share = buckets.filter((bucket) => bucket < 10).length / buckets.length;
    expect(share).toBeGreaterThan(0.07);
    expect(share).toBeLessThan(0.13);
  });

  it.each([0, 100, 12.5])(
    'refuses a canary of %s %% (503, like any invalid remotes.json)',
    async (percent) => {
      withCanary(percent);
      expect((await app.inject({ url: '/remotes.json' })).statusCode).toBe(503);
    },
  );

  it('refuses a canary on an origin not in REMOTE_ORIGINS alone: every session keeps the live build', async () => {
    dirs.writeRemotesConfig({
      remote_login: {
        ...live,
        canary: { ...canary, manifest: 'https://cdn.example.com/login/mf-manifest.json', percent: 99 },
      },
    });
    for (let session = 0; session < 5; session += 1) {
      const response = await app.inject({ url: '/remotes.json' });
      expect(response.json()).toEqual({ remote_login: live });
      expect(response.headers['content-security-policy']).not.toContain('cdn.example.com');
    }
  });
});
