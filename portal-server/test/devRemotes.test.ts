import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { ForeignManifests } from '../src/firstLoad/foreignManifests.js';
import { buildServer } from '../src/server.js';
import { bootstrapOf, writeFirstLoadFixture } from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, REMOTE_FOLDER, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

/** A dev server's manifest as rspack serve answers it; `label` changes with every "rebuild". */
function devManifest(label: string): string {
  return JSON.stringify({
    id: 'remote_factors',
    name: 'remote_factors',
    metaData: {
      name: 'remote_factors',
      buildInfo: { buildVersion: label, buildName: '@portal/remote-factors' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [],
    integrity: { 'remoteEntry.js': `sha384-${'A'.repeat(64)}` },
  });
}

const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('DEV_REMOTES: a remote from its dev server, vouched for by what it serves now', () => {
  let dirs: FixtureDirs;
  let logs: LogCapture;
  let app: FastifyInstance;
  let devServer: UpstreamStub;
  let served: string;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    logs = new LogCapture();
    devServer = await startUpstreamStub('/');
    served = devManifest('first');
    devServer.handle((request, response) => {
      if (request.url !== '/mf-manifest.json') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(served);
    });
    const manifestUrl = `${devServer.baseUrl.replace(/\/$/, '')}/mf-manifest.json`;
    app = await buildServer(
      testConfig(dirs, {
        devRemotes: new Map([['remote_factors', manifestUrl]]),
        remoteOrigins: [new URL(manifestUrl).origin],
      }),
      // No reuse, so the test sees each "rebuild" at once.
      {
        logStream: logs,
        foreignManifests: new ForeignManifests({
          timeoutMs: 1000,
          ttlMs: 0,
          failureTtlMs: 0,
          allowInternalTargets: true,
        }),
      },
    );
  });

  afterEach(async () => {
    await app.close();
    await devServer.close();
    dirs.cleanup();
  });

  const remotes = async () => (await app.inject({ url: '/remotes.json' })).json() as Record<string, unknown>;

  it('serves the dev manifest with the sha384 of its current bytes, and follows a rebuild', async () => {
    const manifest = `${devServer.baseUrl.replace(/\/$/, '')}/mf-manifest.json`;
    const first = await remotes();
    expect(first.remote_factors).toEqual({ manifest, integrity: sha384(devManifest('first')) });
    // The other remotes stay as remotes.json says.
    expect(first.remote_login).toMatchObject({ manifest: `/remotes/${REMOTE_FOLDER}/mf-manifest.json` });

    served = devManifest('rebuilt');
    expect((await remotes()).remote_factors).toEqual({ manifest, integrity: sha384(devManifest('rebuilt')) });
    expect(logs.entries().some((entry) => String(entry.msg).includes('DEV_REMOTES: these remotes'))).toBe(
      true,
    );
  });

  it("pins the dev server's origin for scripts, styles and calls, and its live-reload socket", async () => {
    const origin = new URL(devServer.baseUrl).origin;
    const csp = (await app.inject({ url: '/direct', headers: { accept: 'text/html' } })).headers[
      'content-security-policy'
    ] as string;
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((part) => part.startsWith(`${name} `))
        ?.split(' ')
        .slice(1) ?? [];
    expect(directive('script-src')).toContain(origin);
    expect(directive('style-src')).toContain(origin);
    expect(directive('connect-src')).toEqual(
      expect.arrayContaining([origin, origin.replace('http:', 'ws:')]),
    );
  });

  it('a dev server that does not answer leaves the remote on its remotes.json build, with one warning', async () => {
    devServer.handle((_request, response) => void response.writeHead(503).end());
    const config = await remotes();
    expect(config).not.toHaveProperty('remote_factors');
    expect(config.remote_login).toBeDefined();
    await remotes();
    const warnings = logs.entries().filter((entry) => String(entry.msg).includes('does not answer'));
    expect(warnings).toHaveLength(1);
  });

  it('the first page load plans the dev build with the same integrity', async () => {
    writeFirstLoadFixture(dirs);
    const page = await app.inject({ url: '/sotp', headers: { accept: 'text/html' } });
    const remotesOfPage = bootstrapOf(page.body)?.remotes as Record<string, { integrity: string }>;
    expect(remotesOfPage.remote_factors?.integrity).toBe(sha384(devManifest('first')));
  });
});

describe('DEV_REMOTES in the configuration', () => {
  it('reads name=URL pairs and pins their origins', () => {
    const config = loadConfig({
      DEV_REMOTES:
        'remote_factors=http://127.0.0.1:3002/mf-manifest.json, remote_help=http://127.0.0.1:3004/mf-manifest.json',
      REMOTE_ORIGINS: 'https://cdn.example.com',
    });
    expect(Object.fromEntries(config.devRemotes)).toEqual({
      remote_factors: 'http://127.0.0.1:3002/mf-manifest.json',
      remote_help: 'http://127.0.0.1:3004/mf-manifest.json',
    });
    expect(config.remoteOrigins).toEqual([
      'https://cdn.example.com',
      'http://127.0.0.1:3002',
      'http://127.0.0.1:3004',
    ]);
    expect(loadConfig({}).devRemotes.size).toBe(0);
  });

  it.each([
    'remote_factors',
    'remote_factors=http://127.0.0.1:3002/',
    'remote_factors=javascript:alert(1).json',
    '1bad=http://127.0.0.1:3002/mf-manifest.json',
  ])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ DEV_REMOTES: value })).toThrowError(/DEV_REMOTES/);
  });

  it('is refused in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SSO_BASE_URL: 'https://sso.example.com/tenant-a/',
        SSO_CLIENT_SECRET: 'a-real-secret-from-the-vault',
        PUBLIC_ORIGIN: 'https://portal.example.com',
        TOKEN_SEALING_KEYS: Buffer.alloc(32, 7).toString('base64'),
        DEV_REMOTES: 'remote_factors=http://127.0.0.1:3002/mf-manifest.json',
      }),
    ).toThrowError(/Invalid environment variable DEV_REMOTES: must not be set \(NODE_ENV=production\)/);
  });
});
