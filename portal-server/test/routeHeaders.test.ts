import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downstreamResponseHeaders } from '../src/proxy/proxyHeaders.js';
import { buildServer } from '../src/server.js';
import {
  createFixtureDirs,
  type FixtureDirs,
  HASHED_ASSET,
  REMOTE_FOLDER,
  testConfig,
} from './helpers/fixtures.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const html = { accept: 'text/html' };
const sameOrigin = { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' };

/** One request per route family, with the status and the caching its reply must have. */
const FAMILIES: [string, InjectOptions, number, string][] = [
  ['an HTML page', { url: '/direct', headers: html }, 200, 'no-store'],
  ['the SPA fallback for an unknown page', { url: '/nowhere', headers: html }, 200, 'no-store'],
  ['a hashed host file', { url: `/${HASHED_ASSET}` }, 200, IMMUTABLE],
  ['an unhashed host file', { url: '/robots.txt' }, 200, 'no-cache'],
  [
    'a remote entry',
    { url: `/remotes/${REMOTE_FOLDER}/remoteEntry.js`, headers: sameOrigin },
    200,
    'no-cache',
  ],
  [
    'a remote chunk',
    { url: `/remotes/${REMOTE_FOLDER}/__federation_expose_UserId.ab12cd34ef.js`, headers: sameOrigin },
    200,
    IMMUTABLE,
  ],
  ['remotes.json', { url: '/remotes.json' }, 200, 'no-store'],
  ['the environment config', { url: '/v1/config/environment' }, 200, 'no-store'],
  ['the portal config', { url: '/v1/config/portal' }, 200, 'no-store'],
  ['a token call', { url: '/v1/token/generate/client_token', headers: sameOrigin }, 200, 'no-store'],
  [
    'a refused token call',
    { url: '/v1/token/generate/client_token', headers: { origin: 'https://evil.example' } },
    403,
    'no-store',
  ],
  [
    'a refresh without its cookie',
    {
      method: 'POST',
      url: '/v1/token/generate/refresh',
      headers: sameOrigin,
      payload: { grant_type: 'refresh_token', refresh_token: 'cookie', scope: 'openid' },
    },
    401,
    'no-store',
  ],
  [
    'a proxied reply the SSO marked cacheable',
    { method: 'POST', url: '/common/portal/proxy/auth/v1/authenticate', payload: {} },
    200,
    'no-store',
  ],
  ['a refused proxy call', { url: '/common/portal/proxy/oauth2/v1/token' }, 404, 'no-store'],
  [
    'a CSP report',
    {
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src' } }),
    },
    204,
    'no-store',
  ],
  ['a 404 under /v1/', { url: '/v1/nothing-here' }, 404, 'no-store'],
  ['a missing file', { url: '/missing.0123456789.js' }, 404, 'no-store'],
  ['a missing remote file', { url: `/remotes/${REMOTE_FOLDER}/missing.js` }, 404, 'no-store'],
];

describe('headers on every route family', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub();
    sso.handle((request, response) => {
      const body = request.url.endsWith('oauth2/v1/token')
        ? { access_token: 'client-token', token_type: 'Bearer', expires_in: 3600 }
        : { nextaction: 'PASSWORD_AUTH', flowState: 'flow-1' };
      response
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=600' })
        .end(JSON.stringify(body));
    });
    app = await buildServer(
      testConfig(dirs, { ssoBaseUrl: sso.baseUrl, embedOrigins: ['https://www.example.eu'] }),
      {
        logStream: { write: () => {} },
      },
    );
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it.each(FAMILIES)('%s', async (_name, request, status, cacheControl) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    if (String(response.headers['content-type']).startsWith('text/html')) {
      // A page: the document's own headers and its full policy.
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['permissions-policy']).toContain('publickey-credentials-get=(self)');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(csp).toContain("script-src 'self'");
    } else {
      // Anything else loads nothing and is framed by nobody, and carries no document headers.
      expect(csp).toBe("default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
      for (const name of [
        'cross-origin-opener-policy',
        'permissions-policy',
        'x-frame-options',
        'reporting-endpoints',
      ])
        expect(response.headers[name], name).toBeUndefined();
    }
  });

  it('lets the embeddable cookie notice be framed by a site with Cross-Origin-Embedder-Policy (cross-origin)', async () => {
    const response = await app.inject({ url: '/emea-cookies', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-security-policy']).toContain('frame-ancestors https://www.example.eu');
  });

  it("the proxy never passes the SSO's Cache-Control on (the second layer under the no-store hook)", () => {
    expect(downstreamResponseHeaders({ 'cache-control': 'public, max-age=600' })['cache-control']).toBe(
      'no-store',
    );
    expect(downstreamResponseHeaders({})['cache-control']).toBe('no-store');
  });
});
