import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, packageDir, testConfig } from './helpers/fixtures.js';

// Issue 27: the product configuration's passkey settings (our design) are checked strictly and
// reach the page as written.

const quiet = { logStream: { write: () => {} } };
const devConfig = JSON.parse(readFileSync(path.join(packageDir, 'config', 'portal.json'), 'utf8')) as Record<
  string,
  unknown
>;

let dirs: FixtureDirs;
beforeAll(() => {
  dirs = createFixtureDirs();
});
afterAll(() => dirs.cleanup());

const write = (extra: object): string => {
  const file = path.join(dirs.root, `portal-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ ...devConfig, ...extra }));
  return file;
};

describe('passkeys in the product configuration', () => {
  it('reaches the page as written', async () => {
    const passkeys = { signals: false, automaticUpgrade: false, hints: { employees: ['client-device'] } };
    const { product } = loadConfig({ PORTAL_CONFIG: write({ passkeys }) });
    const app = await buildServer({ ...testConfig(dirs), product }, quiet);
    try {
      expect((await app.inject({ url: '/v1/config/portal' })).json().passkeys).toEqual(passkeys);
    } finally {
      await app.close();
    }
  });

  it.each([
    [{ hints: { clients: ['hybrid'] } }],
    [{ hints: { clients: ['security-key', 'security-key'] } }],
    [{ signal: true }],
  ])('refuses %j, naming PORTAL_CONFIG', (passkeys) => {
    expect(() => loadConfig({ PORTAL_CONFIG: write({ passkeys }) })).toThrow(/is invalid/);
  });
});
