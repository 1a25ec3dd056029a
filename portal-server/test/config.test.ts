import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createFixtureDirs, type FixtureDirs, packageDir } from './helpers/fixtures.js';

const repoDir = path.resolve(packageDir, '..');

describe('loadConfig', () => {
  let dirs: FixtureDirs;

  beforeAll(() => {
    dirs = createFixtureDirs();
  });

  afterAll(() => dirs.cleanup());

  it('has working defaults for local development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicOrigin: undefined,
      ssoBaseUrl: 'http://localhost:8090/default/',
      // The portal's own proxy (routes/configBodies.ts serviceUrlOf): replies pass token custody.
      serviceUrl: undefined,
      ssoClientId: 'portal',
      ssoClientSecret: 'portal-dev-secret',
      riskType: 'RSARISK',
      hostDist: path.join(repoDir, 'host', 'dist'),
      releasesDir: path.join(repoDir, '.releases'),
      remotesConfigFile: path.join(repoDir, '.releases', 'remotes.json'),
      extraScriptOrigins: [],
      idpOrigins: ['http://localhost:8090'],
      embedOrigins: [],
      proxyTimeoutMs: 15000,
      logLevel: 'info',
      production: false,
      limits: {
        headersTimeoutMs: 10000,
        requestTimeoutMs: 30000,
        keepAliveTimeoutMs: 72000,
        connectionTimeoutMs: 120000,
        bodyLimitBytes: 65536,
      },
      trustProxy: false,
      trustedTypes: 'enforce',
    });
    expect(config.product.audience).toBe('clients');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '0.0.0.0',
      PUBLIC_ORIGIN: 'https://portal.example.com/',
      SSO_BASE_URL: 'https://sso.example.com/tenant',
      SERVICE_URL: 'https://api.example.com/tenant/',
      SSO_CLIENT_ID: 'portal-prod',
      SSO_CLIENT_SECRET: 's3cret',
      RISK_TYPE: 'AARISK',
      HOST_DIST: dirs.hostDist,
      RELEASES_DIR: dirs.releasesDir,
      EXTRA_SCRIPT_ORIGINS: 'https://a.example.com, https://b.example.com',
      REMOTE_ORIGINS: 'https://cdn.example.com/ https://remotes.example.net',
      IDP_ORIGINS: 'https://idp.example.com',
      EMBED_ORIGINS: 'https://www.example.eu https://www.example.co.uk',
      PROXY_TIMEOUT_MS: '5000',
      LOG_LEVEL: 'warn',
      HEADERS_TIMEOUT_MS: '2000',
      REQUEST_TIMEOUT_MS: '8000',
      KEEP_ALIVE_TIMEOUT_MS: '61000',
      CONNECTION_TIMEOUT_MS: '30000',
      BODY_LIMIT_BYTES: '32768',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.10',
      TRUSTED_TYPES: 'report-only',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      publicOrigin: 'https://portal.example.com',
      ssoBaseUrl: 'https://sso.example.com/tenant/',
      serviceUrl: 'https://api.example.com/tenant/',
      ssoClientId: 'portal-prod',
      ssoClientSecret: 's3cret',
      riskType: 'AARISK',
      hostDist: dirs.hostDist,
      releasesDir: dirs.releasesDir,
      remotesConfigFile: dirs.remotesConfigFile,
      extraScriptOrigins: ['https://a.example.com', 'https://b.example.com'],
      remoteOrigins: ['https://cdn.example.com', 'https://remotes.example.net'],
      idpOrigins: ['https://idp.example.com'],
      embedOrigins: ['https://www.example.eu', 'https://www.example.co.uk'],
      proxyTimeoutMs: 5000,
      logLevel: 'warn',
      limits: {
        headersTimeoutMs: 2000,
        requestTimeoutMs: 8000,
        keepAliveTimeoutMs: 61000,
        connectionTimeoutMs: 30000,
        bodyLimitBytes: 32768,
      },
      trustProxy: ['10.0.0.0/8', '192.168.1.10'],
      trustedTypes: 'report-only',
    });
  });

  it('pins no remote origin besides the portal by default', () => {
    expect(loadConfig({}).remoteOrigins).toEqual([]);
  });

  it('defaults the IdP origin to the SSO origin', () => {
    expect(loadConfig({ SSO_BASE_URL: 'https://sso.example.com/t/' }).idpOrigins).toEqual([
      'https://sso.example.com',
    ]);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_ORIGIN', 'https://portal.example.com/with/path'],
    ['SSO_BASE_URL', 'not a url'],
    ['SSO_BASE_URL', 'ftp://sso.example.com/'],
    ['SERVICE_URL', '/relative/'],
    ['RISK_TYPE', 'NORISK'],
    ['EXTRA_SCRIPT_ORIGINS', 'https://ok.example.com,javascript:alert(1)'],
    ['IDP_ORIGINS', 'idp.example.com'],
    ['REMOTE_ORIGINS', 'https://cdn.example.com/remote-help/'],
    ['REMOTE_ORIGINS', '*'],
    ['EMBED_ORIGINS', '*'],
    ['PROXY_TIMEOUT_MS', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['HEADERS_TIMEOUT_MS', '0'],
    ['REQUEST_TIMEOUT_MS', 'soon'],
    ['KEEP_ALIVE_TIMEOUT_MS', '-1'],
    ['CONNECTION_TIMEOUT_MS', '1.5'],
    ['BODY_LIMIT_BYTES', '10MB'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'proxy.example.com'],
    ['TRUSTED_TYPES', 'on'],
    ['SSO_BASE_URL', 'javascript:alert(1)//'],
    ['SERVICE_URL', 'javascript:alert(1)//'],
    ['PUBLIC_ORIGIN', 'javascript:alert(1)'],
    ['REMOTE_ORIGINS', 'data:text/html,x'],
    ['DEV_REMOTES', 'remote_help=javascript:alert(1)//x.json'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(
      new RegExp(`^Invalid environment variable ${name}: `),
    );
  });

  it.each([
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8 fd00::/8', ['10.0.0.0/8', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('refuses timeouts that do not nest', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' })).toThrowError(
      /^Invalid environment variable HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ CONNECTION_TIMEOUT_MS: '15000' })).toThrowError(
      /^Invalid environment variable CONNECTION_TIMEOUT_MS: must be longer than PROXY_TIMEOUT_MS/,
    );
  });

  it('names PORTAL_CONFIG when the product configuration is missing or invalid', () => {
    expect(() => loadConfig({ PORTAL_CONFIG: path.join(dirs.root, 'missing.json') })).toThrowError(
      /Invalid environment variable PORTAL_CONFIG: cannot read/,
    );
    const invalid = path.join(dirs.root, 'portal.json');
    writeFileSync(invalid, JSON.stringify({ audience: 'everyone' }));
    expect(() => loadConfig({ PORTAL_CONFIG: invalid })).toThrowError(
      /Invalid environment variable PORTAL_CONFIG: .*audience/,
    );
  });

  it.each([
    ['forgotPasswordUrl', 'javascript:alert(document.domain)'],
    ['privacyStatementUrl', 'data:text/html,<script>alert(1)</script>'],
    ['termsOfUseUrl', 'javascript:alert(1)'],
    ['serviceOrigins', ['javascript:alert(1)']],
  ])('refuses a product configuration whose %s is %j (http(s) only)', (name, value) => {
    const product = JSON.parse(
      readFileSync(path.join(packageDir, 'config', 'portal.json'), 'utf8'),
    ) as object;
    const file = path.join(dirs.root, `portal-${name}.json`);
    writeFileSync(file, JSON.stringify({ ...product, [name]: value }));
    expect(() => loadConfig({ PORTAL_CONFIG: file })).toThrowError(
      new RegExp(
        `^Invalid environment variable PORTAL_CONFIG: .*${name}.*must be an absolute http\\(s\\) URL`,
      ),
    );
  });
});
