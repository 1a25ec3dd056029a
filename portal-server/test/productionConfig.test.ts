import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

/** A production deploy that sets everything the production rules ask for. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SSO_BASE_URL: 'https://sso.example.com/tenant-a/',
  SSO_CLIENT_SECRET: 'a-real-secret-from-the-vault',
  PUBLIC_ORIGIN: 'https://portal.example.com',
  TOKEN_SEALING_KEYS: Buffer.alloc(32, 7).toString('base64'),
  AUDIT_PSEUDONYM_KEY: Buffer.alloc(32, 5).toString('base64'),
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
  ])('refuses to start when %s is %j, naming it', (name, value, message) => {
    const env: Record<string, string | undefined> = { ...PRODUCTION, [name]: value };
    expect(() => loadConfig(env)).toThrowError(
      new RegExp(`^Invalid environment variable ${message.source}.*\\(NODE_ENV=production\\)`),
    );
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
  });
});
