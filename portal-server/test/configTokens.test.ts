import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { sealingKey } from '../src/tokens/custody/sealingKeys.js';

const KEY_A = Buffer.alloc(32, 1);
const KEY_B = Buffer.alloc(32, 2);

describe('token custody and rate limit settings', () => {
  it('defaults: a random sealing key of this process, 12-hour sessions, 120 token calls and 60 reports a minute', () => {
    const config = loadConfig({});
    expect(config.tokenSealingKeyGenerated).toBe(true);
    expect(config.tokenSealingKeys).toHaveLength(1);
    expect(config.tokenSealingKeys[0]?.key).toHaveLength(32);
    expect(loadConfig({}).tokenSealingKeys[0]?.id).not.toBe(config.tokenSealingKeys[0]?.id);
    expect(config).toMatchObject({
      refreshSessionMaxAgeSeconds: 43200,
      tokenRateLimit: 120,
      cspReportRateLimit: 60,
      rateLimitWindowMs: 60_000,
    });
  });

  it('reads the keys in order (base64 or base64url) and the limits', () => {
    const config = loadConfig({
      TOKEN_SEALING_KEYS: `${KEY_A.toString('base64')}, ${KEY_B.toString('base64url')}`,
      REFRESH_SESSION_MAX_AGE_S: '3600',
      TOKEN_RATE_LIMIT: '10',
      CSP_REPORT_RATE_LIMIT: '5',
      RATE_LIMIT_WINDOW_S: '30',
    });
    expect(config.tokenSealingKeys).toEqual([sealingKey(KEY_A), sealingKey(KEY_B)]);
    expect(config).toMatchObject({
      tokenSealingKeyGenerated: false,
      refreshSessionMaxAgeSeconds: 3600,
      tokenRateLimit: 10,
      cspReportRateLimit: 5,
      rateLimitWindowMs: 30_000,
    });
  });

  it.each([
    ['TOKEN_SEALING_KEYS', 'c2hvcnQ='],
    ['TOKEN_SEALING_KEYS', `${KEY_A.toString('base64')},not*base64`],
    ['TOKEN_RATE_LIMIT', '0'],
    ['CSP_REPORT_RATE_LIMIT', 'many'],
    ['REFRESH_SESSION_MAX_AGE_S', '-1'],
  ])('names %s when it is invalid (%s)', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`Invalid environment variable ${name}`);
  });

  it('refuses to start in production without TOKEN_SEALING_KEYS (every instance must share them)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /Missing environment variable TOKEN_SEALING_KEYS/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        TOKEN_SEALING_KEYS: KEY_A.toString('base64'),
        // The other variables production requires (test/productionConfig.test.ts).
        SSO_BASE_URL: 'https://sso.example.com/tenant-a/',
        SSO_CLIENT_SECRET: 'a-real-secret-from-the-vault',
        PUBLIC_ORIGIN: 'https://portal.example.com',
        AUDIT_PSEUDONYM_KEY: KEY_A.toString('base64'),
        METRICS_PORT: '9464',
      }).tokenSealingKeyGenerated,
    ).toBe(false);
  });
});
