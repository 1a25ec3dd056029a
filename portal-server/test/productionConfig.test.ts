import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { packageDir } from './helpers/fixtures.js';

const DEFAULT_PORTAL_CONFIG = path.join(packageDir, 'config', 'portal.json');

/** A production deploy that sets everything the production rules ask for. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SSO_BASE_URL: 'https://sso.example.com/tenant-a/',
  SSO_CLIENT_SECRET: 'a-real-secret-from-the-vault',
  PUBLIC_ORIGIN: 'https://portal.example.com',
  TOKEN_SEALING_KEYS: Buffer.alloc(32, 7).toString('base64'),
  AUDIT_PSEUDONYM_KEY: Buffer.alloc(32, 5).toString('base64'),
  METRICS_PORT: '9464',
};

describe('loadConfig with NODE_ENV=production (fails closed)', () => {
  it('starts with an https SSO, a real client secret and an https public origin', () => {
    const config = loadConfig(PRODUCTION);
    expect(config).toMatchObject({
      production: true,
      ssoBaseUrl: 'https://sso.example.com/tenant-a/',
      ssoClientSecret: 'a-real-secret-from-the-vault',
      publicOrigin: 'https://portal.example.com',
    });
  });

  it('is not production without NODE_ENV=production, and keeps the development defaults', () => {
    for (const nodeEnv of [undefined, 'development', 'test']) {
      const config = loadConfig(nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv });
      expect(config.production).toBe(false);
      expect(config.ssoClientSecret).toBe('portal-dev-secret');
    }
  });

  it.each([
    ['SSO_BASE_URL', undefined, /SSO_BASE_URL: must be set to the SSO's https tenant URL/],
    ['SSO_BASE_URL', 'http://sso.example.com/tenant-a/', /SSO_BASE_URL: must be an https URL/],
    ['SSO_CLIENT_SECRET', undefined, /SSO_CLIENT_SECRET: must be set to the client secret/],
    ['SSO_CLIENT_SECRET', '  ', /SSO_CLIENT_SECRET: must be set to the client secret/],
    ['SSO_CLIENT_SECRET', 'portal-dev-secret', /SSO_CLIENT_SECRET: must not be the development secret/],
    ['PUBLIC_ORIGIN', undefined, /PUBLIC_ORIGIN: must be set to the portal's https origin/],
    ['PUBLIC_ORIGIN', 'http://portal.example.com', /PUBLIC_ORIGIN: must be an https origin/],
    ['SERVICE_URL', 'http://api.example.com/tenant-a/', /SERVICE_URL: must be an https URL/],
    [
      'REMOTE_ORIGINS',
      'https://cdn.example.com http://remotes.example.com',
      /REMOTE_ORIGINS: every origin must be https \(not http:\/\/remotes.example.com\)/,
    ],
    ['IDP_ORIGINS', 'http://idp.example.com', /IDP_ORIGINS: every origin must be https/],
    ['EMBED_ORIGINS', 'http://www.example.eu', /EMBED_ORIGINS: every origin must be https/],
    [
      'EXTRA_SCRIPT_ORIGINS',
      'http://scripts.example.com',
      /EXTRA_SCRIPT_ORIGINS: every origin must be https/,
    ],
    ['TRUSTED_TYPES', 'off', /TRUSTED_TYPES: must be enforce or report-only/],
    ['PSEUDO_LOCALES', 'on', /PSEUDO_LOCALES: must be off/],
  ])('refuses to start when %s is %j, naming it', (name, value, message) => {
    const env: Record<string, string | undefined> = { ...PRODUCTION, [name]: value };
    expect(() => loadConfig(env)).toThrowError(
      new RegExp(`^Invalid environment variable ${message.source}.*\\(NODE_ENV=production\\)`),
    );
  });

  it.each(['enforce', 'report-only'])('starts with TRUSTED_TYPES=%s', (mode) => {
    expect(loadConfig({ ...PRODUCTION, TRUSTED_TYPES: mode }).trustedTypes).toBe(mode);
  });

  it('starts with https origins in every origin list', () => {
    const config = loadConfig({
      ...PRODUCTION,
      REMOTE_ORIGINS: 'https://cdn.example.com',
      IDP_ORIGINS: 'https://idp.example.com',
      EMBED_ORIGINS: 'https://www.example.eu',
    });
    expect(config).toMatchObject({
      remoteOrigins: ['https://cdn.example.com'],
      idpOrigins: ['https://idp.example.com'],
      embedOrigins: ['https://www.example.eu'],
    });
  });

  it('refuses a product configuration with a plain-http URL, naming the setting', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
    try {
      const file = path.join(dir, 'portal.json');
      const product = JSON.parse(readFileSync(DEFAULT_PORTAL_CONFIG, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...product, serviceOrigins: ['http://api.example.com'] }));
      expect(() => loadConfig({ ...PRODUCTION, PORTAL_CONFIG: file })).toThrowError(
        /^Invalid environment variable PORTAL_CONFIG: .*every URL must be https \(NODE_ENV=production\): serviceOrigins.0 \(http:\/\/api.example.com\)/,
      );
      // Outside production the same file is accepted.
      expect(loadConfig({ PORTAL_CONFIG: file }).product.serviceOrigins).toEqual(['http://api.example.com']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every missing variable at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message).toContain('Invalid environment variable SSO_BASE_URL');
    expect(message).toContain('Invalid environment variable SSO_CLIENT_SECRET');
    expect(message).toContain('Invalid environment variable PUBLIC_ORIGIN');
    expect(message).toContain('Missing environment variable TOKEN_SEALING_KEYS');
    expect(message).toContain('Missing environment variable AUDIT_PSEUDONYM_KEY');
    expect(message).toContain('Missing environment variable METRICS_PORT');
  });

  it("refuses to serve the operators' endpoints on the public port: METRICS_PORT, or METRICS=off", () => {
    const { METRICS_PORT: _port, ...withoutPort } = PRODUCTION;
    expect(() => loadConfig(withoutPort)).toThrowError(
      /^Missing environment variable METRICS_PORT: production serves \/metrics, \/dependencies and \/canary-stats only on the operators' port/,
    );
    expect(loadConfig({ ...withoutPort, METRICS: 'off' })).toMatchObject({
      metricsEnabled: false,
      metricsPort: undefined,
    });
    expect(loadConfig(PRODUCTION)).toMatchObject({ metricsEnabled: true, metricsPort: 9464 });
    // Outside production the public port still serves them (a developer's machine, the tests).
    expect(loadConfig({}).metricsPort).toBeUndefined();
  });
});

describe('loadConfig without NODE_ENV (a forgotten variable must not mean development)', () => {
  it('refuses an https PUBLIC_ORIGIN, naming NODE_ENV and PUBLIC_ORIGIN', () => {
    for (const nodeEnv of [undefined, '', '  ']) {
      expect(() =>
        loadConfig({ NODE_ENV: nodeEnv, PUBLIC_ORIGIN: 'https://portal.example.com' }),
      ).toThrowError(
        /^Missing environment variable NODE_ENV: PUBLIC_ORIGIN is https \(https:\/\/portal.example.com\), so this is a deployment; set NODE_ENV=production/,
      );
    }
  });

  it('starts with an http PUBLIC_ORIGIN (local development) or an explicit NODE_ENV=development', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:8080' }).production).toBe(false);
    const explicit = loadConfig({ NODE_ENV: 'development', PUBLIC_ORIGIN: 'https://portal.example.com' });
    expect(explicit).toMatchObject({ production: false, publicOrigin: 'https://portal.example.com' });
  });
});
