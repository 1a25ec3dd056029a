import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANARY_COOKIE, CanaryKeys, canaryBucket, sealCanaryKey } from '../src/remotes/canarySession.js';
import { buildServer } from '../src/server.js';
import { sealingKey } from '../src/tokens/custody/sealingKeys.js';
import { canaryCookie, canaryKeyIn, dealtCanaryCookie } from './helpers/canaryCookies.js';
import { createFixtureDirs, type FixtureDirs, TEST_SEALING_KEY, testConfig } from './helpers/fixtures.js';
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
  const sessionCookie = (setCookie: string | string[] | undefined) => dealtCanaryCookie(setCookie)?.key;

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
      new RegExp(
        `^${CANARY_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; Path=/; Secure; HttpOnly; SameSite=Lax$`,
      ),
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
      const cookie = dealtCanaryCookie(first.headers['set-cookie'])?.cookie ?? '';
      const build = first.json().remote_login.manifest;
      seen.add(build);
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
    const json = await app.inject({ url: '/remotes.json', headers: { cookie: canaryCookie(key) } });
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

  it.each([
    ['a key of its own choosing, unsealed', (key: string) => `${CANARY_COOKIE}=${key}`],
    [
      'a sealed key with its MAC changed',
      (key: string) => {
        const cookie = canaryCookie(key);
        const at = cookie.length - 10;
        return `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}`;
      },
    ],
    [
      'another key under a valid MAC',
      (key: string) => `${CANARY_COOKIE}=${key}${canaryCookie(canaryKeyIn(false)).split('=')[1]?.slice(22)}`,
    ],
    [
      "a key sealed with another server's keys",
      (key: string) => `${CANARY_COOKIE}=${sealCanaryKey(key, [sealingKey(Buffer.alloc(32, 9))])}`,
    ],
  ])(
    'does not let a browser pick its cohort: %s counts as no key, and a new one is dealt',
    async (_name, cookieOf) => {
      withCanary(50);
      const chosen = canaryKeyIn(true);
      for (const url of ['/remotes.json', '/direct']) {
        const response = await app.inject({
          url,
          headers: { cookie: cookieOf(chosen), accept: 'text/html' },
        });
        const dealt = dealtCanaryCookie(response.headers['set-cookie']);
        expect(dealt, url).toBeDefined();
        expect(dealt?.key).not.toBe(chosen);
        const expected = canaryBucket(dealt?.key ?? '', 'remote_login') < 50 ? canary : live;
        const served =
          url === '/remotes.json' ? response.json().remote_login.manifest : plannedManifest(response.body);
        expect(served).toBe(expected.manifest);
      }
    },
  );

  it('deals every page load a sealed key even while no canary runs, once per browser session', async () => {
    dirs.writeRemotesConfig({ remote_login: live });
    const first = await app.inject({ url: '/direct', headers: { accept: 'text/html' } });
    const dealt = dealtCanaryCookie(first.headers['set-cookie']);
    expect(String(first.headers['set-cookie'])).toMatch(
      new RegExp(
        `^${CANARY_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; Path=/; Secure; HttpOnly; SameSite=Lax$`,
      ),
    );
    expect(dealt?.cookie).toBe(canaryCookie(dealt?.key ?? ''));
    const again = await app.inject({
      url: '/direct',
      headers: { accept: 'text/html', cookie: dealt?.cookie },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('keeps a key sealed with an older key of TOKEN_SEALING_KEYS (a rotation), resealed with the first', async () => {
    const current = sealingKey(Buffer.alloc(32, 11));
    const rotated = await buildServer(testConfig(dirs, { tokenSealingKeys: [current, TEST_SEALING_KEY] }), {
      logStream: new LogCapture(),
    });
    try {
      withCanary(50);
      const key = canaryKeyIn(true);
      const response = await rotated.inject({ url: '/remotes.json', headers: { cookie: canaryCookie(key) } });
      expect(response.json()).toEqual({ remote_login: canary });
      expect(dealtCanaryCookie(response.headers['set-cookie'])?.cookie).toBe(
        `${CANARY_COOKIE}=${sealCanaryKey(key, [current])}`,
      );
      const resealed = `${CANARY_COOKIE}=${sealCanaryKey(key, [current])}`;
      const next = await rotated.inject({ url: '/remotes.json', headers: { cookie: resealed } });
      expect(next.json()).toEqual({ remote_login: canary });
      expect(next.headers['set-cookie']).toBeUndefined();
    } finally {
      await rotated.close();
    }
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

describe('CanaryKeys: the canary cookie sealed', () => {
  const keys = new CanaryKeys([TEST_SEALING_KEY]);
  const key = canaryKeyIn(true);

  it('opens what it sealed, and nothing changed', () => {
    const sealed = keys.seal(key);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(keys.open(sealed)).toEqual({ key, current: true });
    expect(keys.open(key)).toBeUndefined();
    expect(keys.open(`${canaryKeyIn(false)}${sealed.slice(22)}`)).toBeUndefined();
    expect(keys.open(`${sealed}x`)).toBeUndefined();
    // The same MAC bytes in another encoding (the last character's two spare bits): not what it wrote.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spare = alphabet[alphabet.indexOf(sealed.slice(-1)) ^ 1] ?? '';
    expect(Buffer.from(`${sealed.slice(23, -1)}${spare}`, 'base64url')).toEqual(
      Buffer.from(sealed.slice(23), 'base64url'),
    );
    expect(keys.open(`${sealed.slice(0, -1)}${spare}`)).toBeUndefined();
    expect(keys.open(undefined)).toBeUndefined();
  });

  it('uses a MAC key of its own, derived from the sealing key (not the sealing key itself)', () => {
    const withSealingKey = createHmac('sha256', TEST_SEALING_KEY.key).update(key).digest('base64url');
    expect(keys.seal(key).split('.')[1]).not.toBe(withSealingKey);
    expect(keys.open(`${key}.${withSealingKey}`)).toBeUndefined();
  });

  it('refuses to seal anything but a dealt key', () => {
    expect(() => keys.seal('short')).toThrow();
  });
});
