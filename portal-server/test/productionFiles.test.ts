import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, REMOTE_FOLDER, testConfig } from './helpers/fixtures.js';

/** What the builds emit beside the files they serve (see `ls host/dist .releases/*\/*`). */
const DEVELOPMENT_FILES = [
  '/main.3f2a9c1d0e.js.map',
  '/portal-shared.fe88694361.css.map',
  `/remotes/${REMOTE_FOLDER}/remoteEntry.js.map`,
  `/remotes/${REMOTE_FOLDER}/__federation_expose_UserId.ab12cd34ef.js.map`,
  `/remotes/${REMOTE_FOLDER}/mf-stats.json`,
];
const NEEDED_FILES = [
  '/main.3f2a9c1d0e.js',
  `/remotes/${REMOTE_FOLDER}/mf-manifest.json`,
  `/remotes/${REMOTE_FOLDER}/remoteEntry.js`,
];

function writeDevelopmentFiles(dirs: FixtureDirs): void {
  for (const url of DEVELOPMENT_FILES) {
    const file = url.startsWith('/remotes/')
      ? path.join(dirs.releasesDir, url.slice('/remotes/'.length))
      : path.join(dirs.hostDist, url.slice(1));
    writeFileSync(file, '{"version":3,"sources":["../src/secret-plan.ts"]}');
  }
  // The build also precompresses mf-stats.json; the encoded sibling must not leak it either.
  writeFileSync(path.join(dirs.releasesDir, REMOTE_FOLDER, 'mf-stats.json.gz'), 'gzip bytes');
}

describe.each([
  ['development', false, 200],
  ['production', true, 404],
])('source maps and build statistics in %s', (_mode, production, expected) => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    writeDevelopmentFiles(dirs);
    app = await buildServer(testConfig(dirs, { production }), { logStream: { write: () => {} } });
  });

  afterAll(async () => {
    await app.close();
    dirs.cleanup();
  });

  it.each(DEVELOPMENT_FILES)(`answers %s with ${expected}`, async (url) => {
    const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(expected);
    if (production) {
      expect(response.json()).toMatchObject({ errorCode: 'PORTAL_NOT_FOUND' });
      expect(response.body).not.toContain('secret-plan');
    }
  });

  it.each(NEEDED_FILES)('still serves %s', async (url) => {
    expect((await app.inject({ url })).statusCode).toBe(200);
  });
});
