import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CANARY_COOKIE } from '../src/remotes/canarySession.js';
import { canaryCookie, canaryKeyIn } from './helpers/canaryCookies.js';
import { buildServer } from '../src/server.js';
import {
  bootstrapOf,
  CONTRIBUTIONS,
  contributions,
  FACTORS_V1,
  LOGIN_V1,
  manifest,
  preloadsOf,
  type RemoteEntryShape,
  releaseEntries,
  writeFirstLoadFixture,
  writeRelease,
} from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

/*
 * The live builds' contributions (docs/contracts.md, "Contributions"): read from each remote's
 * manifest, merged in remotes.json's order, fail closed, into the page's bootstrap block, the
 * first-load plan and GET /v1/config/contributions.
 */

const html = { accept: 'text/html' };

interface Merged {
  routes: { path: string; remote: string }[];
  nextActions: { action: string; remote: string }[];
  factors: { code: string; remote: string }[];
}

const HELP = 'remote-help/1.0.0-1234567890';
const helpRoutes = [{ path: '/help', guard: 'none', expose: './Help', title: 'Help' }];

describe('the live contributions', () => {
  let dirs: FixtureDirs;
  let logs: LogCapture;
  let app: FastifyInstance;
  const entry = (folder: string) => releaseEntries.get(folder) as RemoteEntryShape;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    logs = new LogCapture();
    app = await buildServer(testConfig(dirs), { logStream: logs });
  });
  afterEach(async () => {
    await app.close();
    dirs.cleanup();
  });

  const contributionsOf = async (cookie?: string) => {
    const response = await app.inject({
      url: '/v1/config/contributions',
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const pageBootstrap = async (url = '/') =>
    bootstrapOf((await app.inject({ url, headers: html })).body) as { contributions: Merged };
  const refusals = () =>
    logs.entries().filter((line) => line.level === 50 && String(line.msg).startsWith('contributions:'));
  const withHelp = (routes: unknown[], more: Record<string, unknown> = {}) => {
    const help = writeRelease(
      dirs,
      HELP,
      manifest('remote_help', ['Help'], 'aaaaaaaaaa', '', contributions(routes, more)),
    );
    dirs.writeRemotesConfig({
      remote_login: entry(LOGIN_V1),
      remote_factors: entry(FACTORS_V1),
      remote_help: help,
    });
  };

  it('serves the merged claims, each naming its remote, no-store, as the page carries them', async () => {
    const response = await contributionsOf();
    expect(response.headers['cache-control']).toBe('no-store');
    const merged = response.json() as Merged;
    expect(merged.nextActions).toEqual([
      { action: 'PASSWORD_AUTH', path: '/verify', remote: 'remote_login' },
      { action: 'SMS_OTP_AUTH', path: '/sotp', remote: 'remote_factors' },
    ]);
    expect(merged.factors).toEqual([{ code: 'SMSOTP', label: 'Text message', remote: 'remote_factors' }]);
    expect((await pageBootstrap()).contributions).toEqual(merged);
  });

  it("finds a new remote's screen from its own routes: no host rebuild", async () => {
    withHelp(helpRoutes);
    const preloads = preloadsOf((await app.inject({ url: '/help', headers: html })).body);
    expect(preloads.map((preload) => preload.href)).toContain(`/remotes/${HELP}/remoteEntry.js`);
    expect(preloads.map((preload) => preload.href)).toContain(
      `/remotes/${HELP}/__federation_expose_Help.aaaaaaaaaa.js`,
    );
  });

  it('leaves out a remote whose claim collides with an earlier one, with one log line naming both', async () => {
    withHelp([...helpRoutes, { path: '/direct', guard: 'A', expose: './Help', title: 'Mine' }]);
    for (let i = 0; i < 3; i += 1) {
      await contributionsOf();
      await pageBootstrap('/direct');
    }
    const merged = (await contributionsOf()).json() as Merged;
    expect(merged.routes.map((route) => route.remote)).not.toContain('remote_help');
    expect(merged.routes.find((route) => route.path === '/direct')?.remote).toBe('remote_login');
    // The page's screen for /direct is still remote_login's.
    const preloads = preloadsOf((await app.inject({ url: '/direct', headers: html })).body);
    expect(preloads.map((preload) => preload.href).join(' ')).not.toContain('remote-help');
    const lines = refusals();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.msg).toBe(
      'contributions: remote_help is left out, its screens and next actions unreachable (remote_help claims the path /direct, which remote_login already claims)',
    );
    expect(lines[0]).toMatchObject({ remote: 'remote_help', claimedBy: ['remote_login'] });
  });

  it('leaves out a remote whose contributions are invalid or missing, logged once each', async () => {
    withHelp([{ path: '/help', guard: 'X', expose: './Help', title: 'Help' }]);
    await contributionsOf();
    await contributionsOf();
    expect(((await contributionsOf()).json() as Merged).routes.map((route) => route.path)).not.toContain(
      '/help',
    );
    expect(refusals()).toHaveLength(1);
    expect(String(refusals()[0]?.msg)).toMatch(
      /^contributions: remote_help is left out, .*remote_help's contributions are invalid: [^\n]*routes\.0\.guard/,
    );

    const older = writeRelease(dirs, HELP, manifest('remote_help', ['Help'], 'bbbbbbbbbb', '', null));
    dirs.writeRemotesConfig({ remote_login: entry(LOGIN_V1), remote_help: older });
    await contributionsOf();
    expect(refusals()).toHaveLength(2);
    expect(String(refusals()[1]?.msg)).toContain("remote_help's manifest carries no contributions");
  });

  it("gives a session dealt a remote's canary that build's contributions", async () => {
    const canaryRelease = 'remote-factors/1.1.0-cccccccccc';
    const canary = writeRelease(
      dirs,
      canaryRelease,
      manifest('remote_factors', ['Otp'], 'cccccccccc', '', {
        ...CONTRIBUTIONS.remote_factors,
        routes: [
          ...(CONTRIBUTIONS.remote_factors?.routes ?? []),
          { path: '/recovery', guard: 'C', expose: './Otp', title: 'Recovery code' },
        ],
      }),
    );
    dirs.writeRemotesConfig({
      remote_login: entry(LOGIN_V1),
      remote_factors: { ...entry(FACTORS_V1), canary: { ...canary, percent: 50 } },
    });
    // A session key in the canary's half, and one outside it.
    const inCanary = canaryKeyIn(true, 'remote_factors');
    const outside = canaryKeyIn(false, 'remote_factors');
    const paths = async (key: string) =>
      ((await contributionsOf(canaryCookie(key))).json() as Merged).routes.map((route) => route.path);
    expect(await paths(inCanary)).toContain('/recovery');
    expect(await paths(outside)).not.toContain('/recovery');
    const page = await app.inject({ url: '/', headers: { ...html, cookie: canaryCookie(inCanary) } });
    const bootstrap = bootstrapOf(page.body) as { contributions: Merged };
    expect(bootstrap.contributions.routes.map((route) => route.path)).toContain('/recovery');
  });

  it('deals a new session its canary key on the contributions call too', async () => {
    dirs.writeRemotesConfig({
      remote_login: { ...entry(LOGIN_V1), canary: { ...entry(LOGIN_V1), percent: 10 } },
    });
    const response = await contributionsOf();
    expect(String(response.headers['set-cookie'])).toContain(`${CANARY_COOKIE}=`);
  });
});
