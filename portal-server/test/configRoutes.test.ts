import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, TEST_SECRET, testConfig } from './helpers/fixtures.js';

describe('configuration endpoints', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    app = await buildServer(
      testConfig(dirs, { riskType: 'IARISK', serviceUrl: 'https://sso.example.com/tenant/' }),
      { logStream: { write: () => {} } },
    );
  });

  afterAll(async () => {
    await app.close();
    dirs.cleanup();
  });

  it('GET /v1/config/environment gives the risk type and service URL, no-store', async () => {
    const response = await app.inject({ url: '/v1/config/environment' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      riskType: 'IARISK',
      baseServiceUrl: 'https://sso.example.com/tenant/',
      ssoUrl: 'https://sso.example.com/tenant/',
    });
    expect(response.body).not.toContain(TEST_SECRET);
  });

  it('offers the pseudo-locales only with PSEUDO_LOCALES=on: absent by default, true when on', async () => {
    const defaults = await app.inject({ url: '/v1/config/environment' });
    expect(defaults.json()).not.toHaveProperty('pseudoLocales');
    const withPseudo = await buildServer(testConfig(dirs, { pseudoLocales: true }), {
      logStream: { write: () => {} },
    });
    try {
      const response = await withPseudo.inject({ url: '/v1/config/environment' });
      expect(response.json()).toMatchObject({ pseudoLocales: true });
    } finally {
      await withPseudo.close();
    }
  });

  it('reads PSEUDO_LOCALES as on or off, off by default', () => {
    expect(loadConfig({}).pseudoLocales).toBe(false);
    expect(loadConfig({ PSEUDO_LOCALES: 'on' }).pseudoLocales).toBe(true);
    expect(() => loadConfig({ PSEUDO_LOCALES: 'yes' })).toThrowError(
      /Invalid environment variable PSEUDO_LOCALES: must be on or off/,
    );
  });

  it('with the proxy as service URL, the environment names the SSO itself for the oauth2 hand-back', async () => {
    const proxied = await buildServer(
      testConfig(dirs, {
        ssoBaseUrl: 'https://sso.example.com/tenant/',
        serviceUrl: 'https://portal.example.com/common/portal/proxy/',
        publicOrigin: 'https://portal.example.com',
      }),
      { logStream: { write: () => {} } },
    );
    try {
      const response = await proxied.inject({ url: '/v1/config/environment' });
      expect(response.json()).toMatchObject({
        baseServiceUrl: 'https://portal.example.com/common/portal/proxy/',
        ssoUrl: 'https://sso.example.com/tenant/',
      });
    } finally {
      await proxied.close();
    }
  });

  it("by default (no SERVICE_URL) the service URL is this server's own proxy on PUBLIC_ORIGIN, so sign-in replies pass token custody", async () => {
    const proxied = await buildServer(
      testConfig(dirs, { serviceUrl: undefined, publicOrigin: 'https://portal.example.com' }),
      {
        logStream: { write: () => {} },
      },
    );
    const response = await proxied.inject({ url: '/v1/config/environment' });
    expect(response.json()).toMatchObject({
      baseServiceUrl: 'https://portal.example.com/common/portal/proxy/',
      ssoUrl: 'http://localhost:8090/default/',
    });
    await proxied.close();
  });

  it('GET /v1/config/portal gives the product configuration with both audiences’ help regions', async () => {
    const response = await app.inject({ url: '/v1/config/portal' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ audience: 'clients', allowUserReset: true, disableBackButton: false });
    expect(body.support.phones.clients.map((phone: { region: string }) => phone.region)).toEqual([
      'Asia Pacific Toll Free',
      'Asia Pacific',
      'Europe',
      'US Toll Free',
      'US',
    ]);
    expect(body.support.phones.employees.map((phone: { region: string }) => phone.region)).toEqual([
      'Asia Pacific',
      'Europe',
      'US Toll Free',
    ]);
    expect(response.body).not.toContain(TEST_SECRET);
  });
});
