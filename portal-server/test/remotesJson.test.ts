import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, REMOTE_FOLDER, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

describe('GET /remotes.json', () => {
  let dirs: FixtureDirs;
  let logs: LogCapture;
  let app: FastifyInstance;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    logs = new LogCapture();
    app = await buildServer(testConfig(dirs), { logStream: logs });
  });

  afterEach(async () => {
    await app.close();
    dirs.cleanup();
  });

  it('serves the file, never cached', async () => {
    const response = await app.inject({ url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ remote_login: `/remotes/${REMOTE_FOLDER}/mf-manifest.json` });
  });

  it('reads the file again after a release engineer changes it (promote, then roll back)', async () => {
    await app.inject({ url: '/remotes.json' });
    const promoted = { remote_login: '/remotes/remote-login/1.0.1-0a1b2c3d/mf-manifest.json' };
    dirs.writeRemotesConfig(promoted);
    expect((await app.inject({ url: '/remotes.json' })).json()).toEqual(promoted);
    const rolledBack = { remote_login: `/remotes/${REMOTE_FOLDER}/mf-manifest.json` };
    dirs.writeRemotesConfig(rolledBack);
    expect((await app.inject({ url: '/remotes.json' })).json()).toEqual(rolledBack);
  });

  it.each([
    ['not JSON', '{ remote_login: '],
    ['not an object of manifest URLs', { remote_login: 42 }],
    ['a manifest URL that is not JSON', { remote_login: 'javascript:alert(1)' }],
  ])('answers 503 with a JSON error and logs when the file is %s', async (_what, content) => {
    dirs.writeRemotesConfig(content);
    const response = await app.inject({ url: '/remotes.json' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errorCode: 'PORTAL_REMOTES_UNAVAILABLE',
      errorMessage: 'The remotes configuration is unavailable',
    });
    expect(logs.entries().some((entry) => entry.msg === 'remotes.json unavailable')).toBe(true);
  });

  it('answers 503 when the file is missing', async () => {
    rmSync(dirs.remotesConfigFile);
    const response = await app.inject({ url: '/remotes.json' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
