import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import {
  createFixtureDirs,
  type FixtureDirs,
  REMOTE_FOLDER,
  remoteEntry,
  testConfig,
} from './helpers/fixtures.js';
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
    expect(response.json()).toEqual({
      remote_login: {
        manifest: `/remotes/${REMOTE_FOLDER}/mf-manifest.json`,
        integrity: expect.stringMatching(/^sha384-[A-Za-z0-9+/]{64}$/),
      },
    });
  });

  it('reads the file again after a release engineer changes it (promote, then roll back)', async () => {
    await app.inject({ url: '/remotes.json' });
    const promoted = { remote_login: remoteEntry('/remotes/remote-login/1.0.1-0a1b2c3d/mf-manifest.json') };
    dirs.writeRemotesConfig(promoted);
    expect((await app.inject({ url: '/remotes.json' })).json()).toEqual(promoted);
    const rolledBack = { remote_login: remoteEntry(`/remotes/${REMOTE_FOLDER}/mf-manifest.json`, 'v1') };
    dirs.writeRemotesConfig(rolledBack);
    expect((await app.inject({ url: '/remotes.json' })).json()).toEqual(rolledBack);
  });

  it.each([
    ['not JSON', '{ remote_login: '],
    ['not an object of remote entries', { remote_login: 42 }],
    ['a bare manifest URL (the form before integrity)', { remote_login: '/remotes/x/1/mf-manifest.json' }],
    ['an entry without its integrity', { remote_login: { manifest: '/remotes/x/1/mf-manifest.json' } }],
    [
      'an integrity that is not sha384',
      { remote_login: { manifest: '/remotes/x/1/mf-manifest.json', integrity: 'sha256-AAAA' } },
    ],
    ['a manifest URL that is not JSON', { remote_login: remoteEntry('javascript:alert(1)') }],
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

  it('leaves out an entry on an origin not in REMOTE_ORIGINS, and logs the refusal once', async () => {
    const local = remoteEntry(`/remotes/${REMOTE_FOLDER}/mf-manifest.json`);
    const foreign = remoteEntry('https://evil.example.net/remote-help/1.0.0/mf-manifest.json');
    dirs.writeRemotesConfig({ remote_login: local, remote_help: foreign });
    expect((await app.inject({ url: '/remotes.json' })).json()).toEqual({ remote_login: local });
    await app.inject({ url: '/remotes.json' });
    const refusals = logs.entries().filter((entry) => String(entry.msg).includes('refused'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ remote: 'remote_help', origin: 'https://evil.example.net' });
  });

  it('keeps an entry on a pinned origin', async () => {
    const pinned = await buildServer(testConfig(dirs, { remoteOrigins: ['https://cdn.example.com'] }), {
      logStream: logs,
    });
    const config = { remote_help: remoteEntry('https://cdn.example.com/remote-help/1.0.0/mf-manifest.json') };
    dirs.writeRemotesConfig(config);
    expect((await pinned.inject({ url: '/remotes.json' })).json()).toEqual(config);
    await pinned.close();
  });
});
