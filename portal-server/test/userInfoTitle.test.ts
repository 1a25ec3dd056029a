import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, packageDir, testConfig } from './helpers/fixtures.js';

// The user-info banner's title (spec section 2, Shell) comes from the product configuration file,
// per audience, and reaches the page in GET /v1/config/portal.

const devConfig = JSON.parse(readFileSync(path.join(packageDir, 'config', 'portal.json'), 'utf8')) as Record<
  string,
  unknown
>;

describe('userInfoTitle in the product configuration', () => {
  let dirs: FixtureDirs;
  const write = (extra: object): string => {
    const file = path.join(dirs.root, `portal-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify({ ...devConfig, ...extra }));
    return file;
  };

  beforeAll(() => {
    dirs = createFixtureDirs();
  });
  afterAll(() => dirs.cleanup());

  it('is optional (the development configuration has none)', () => {
    expect(loadConfig({}).product.userInfoTitle).toBeUndefined();
  });

  it('is read per audience, trimmed, and served by GET /v1/config/portal', async () => {
    const file = write({
      userInfoTitle: { clients: '  Not you? Switch user ', employees: 'Sign in as someone else' },
    });
    const { product } = loadConfig({ PORTAL_CONFIG: file });
    expect(product.userInfoTitle).toEqual({
      clients: 'Not you? Switch user',
      employees: 'Sign in as someone else',
    });
    const app = await buildServer({ ...testConfig(dirs), product }, { logStream: { write: () => {} } });
    try {
      const body = (await app.inject({ url: '/v1/config/portal' })).json();
      expect(body.userInfoTitle).toEqual({
        clients: 'Not you? Switch user',
        employees: 'Sign in as someone else',
      });
    } finally {
      await app.close();
    }
  });

  it.each([
    ['an empty title', { clients: '   ' }, /userInfoTitle.*must not be empty/],
    ['a title too long for the banner', { clients: 'x'.repeat(61) }, /at most 60 characters/],
    ['a title of two lines', { employees: 'Not you?\nSwitch' }, /one line/],
    ['an unknown audience', { partners: 'Switch' }, /userInfoTitle/],
  ])('stops start-up on %s, naming PORTAL_CONFIG', (_what, userInfoTitle, message) => {
    const file = write({ userInfoTitle });
    expect(() => loadConfig({ PORTAL_CONFIG: file })).toThrowError(
      /Invalid environment variable PORTAL_CONFIG/,
    );
    expect(() => loadConfig({ PORTAL_CONFIG: file })).toThrowError(message);
  });
});
