import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import {
  createFixtureDirs,
  type FixtureDirs,
  HASHED_ASSET,
  INDEX_HTML,
  REMOTE_FOLDER,
  testConfig,
} from './helpers/fixtures.js';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('host app and remote releases', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    app = await buildServer(testConfig(dirs), { logStream: { write: () => {} } });
  });

  afterAll(async () => {
    await app.close();
    dirs.cleanup();
  });

  it('serves index.html at / with no-store', async () => {
    const response = await app.inject({ url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const direct = await app.inject({ url: '/index.html' });
    expect(direct.headers['cache-control']).toBe('no-store');
  });

  it('serves hashed assets as immutable and other files revalidated', async () => {
    const asset = await app.inject({ url: `/${HASHED_ASSET}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await app.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/direct', '/register/totp', '/nowhere', '/welcome?x-flow-state=abc'])(
    'falls back to index.html for the app route %s',
    async (url) => {
      const response = await app.inject({ url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it.each([
    ['a missing asset', '/main.0000000000.js', html],
    ['an unknown API path', '/v1/unknown', html],
    ['a page request not asking for HTML', '/direct', { accept: 'application/json' }],
    ['a missing remote file', `/remotes/${REMOTE_FOLDER}/missing.js`, html],
  ])('answers 404, not the app, for %s', async (_what, url, headers) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_NOT_FOUND' });
  });

  it('does not fall back for POST', async () => {
    const response = await app.inject({ method: 'POST', url: '/direct', headers: html });
    expect(response.statusCode).toBe(404);
  });

  it('serves remote manifests and entries no-cache, with CORS for the portal origin only', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await app.inject({
        url: `/remotes/${REMOTE_FOLDER}/${file}`,
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    }
  });

  it('serves remote chunks as immutable', async () => {
    const response = await app.inject({
      url: `/remotes/${REMOTE_FOLDER}/__federation_expose_UserId.ab12cd34ef.js`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
  });

  it('does not serve remotes.json or other files outside a release folder under /remotes/', async () => {
    const response = await app.inject({ url: '/remotes/remotes.json' });
    expect(response.statusCode).toBe(404);
  });

  it('answers 503 for app routes when the host is not built', async () => {
    const bare = await buildServer(testConfig(dirs, { hostDist: `${dirs.root}/no-host` }), {
      logStream: { write: () => {} },
    });
    const response = await bare.inject({ url: '/direct', headers: html });
    expect(response.statusCode).toBe(503);
    await bare.close();
  });
});
