import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import {
  createFixtureDirs,
  type FixtureDirs,
  HASHED_ASSET,
  remoteEntry,
  testConfig,
} from './helpers/fixtures.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function cspOf(headers: Record<string, unknown>): Map<string, string[]> {
  const csp = headers['content-security-policy'];
  expect(typeof csp).toBe('string');
  return directives(String(csp));
}

/** What every response carries, page or not. */
function expectEveryResponseHeaders(headers: Record<string, unknown>) {
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
}

/**
 * A response that is not a page (a script, a JSON reply): a policy that loads nothing and lets
 * nobody frame it, and none of a document's headers (they would cost bytes on every file).
 */
function expectResourceHeaders(headers: Record<string, unknown>) {
  expectEveryResponseHeaders(headers);
  const csp = cspOf(headers);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  for (const name of [
    'cross-origin-opener-policy',
    'permissions-policy',
    'x-frame-options',
    'reporting-endpoints',
    'content-security-policy-report-only',
  ])
    expect(headers[name], name).toBeUndefined();
}

/** An HTML page: the every-response headers, the document's own, and the page policy. */
function expectCommonSecurityHeaders(headers: Record<string, unknown>) {
  expectEveryResponseHeaders(headers);
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('publickey-credentials-get=(self)');
  expect(headers['permissions-policy']).toContain('publickey-credentials-create=(self)');
  const csp = cspOf(headers);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('report-uri')).toEqual(['/csp-report']);
  expect(csp.get('report-to')).toEqual(['csp-endpoint']);
  expect(headers['reporting-endpoints']).toBe('csp-endpoint="http://localhost:8080/csp-report"');
}

describe('security headers', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    dirs.writeRemotesConfig({
      remote_login: remoteEntry('/remotes/remote-login/1.0.0-3f2a9c1d/mf-manifest.json'),
      remote_help: remoteEntry('https://cdn.example.com/remote-help/2.0.0/mf-manifest.json'),
    });
    sso = await startUpstreamStub();
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"nextaction":"PASSWORD_AUTH"}');
    });
    app = await buildServer(
      testConfig(dirs, {
        ssoBaseUrl: sso.baseUrl,
        serviceUrl: 'https://sso.example.com/default/',
        extraScriptOrigins: ['https://scripts.example.com'],
        // The portal's own origin in the list adds nothing: 'self' already allows it.
        remoteOrigins: ['https://cdn.example.com', 'http://localhost:8080'],
        idpOrigins: ['https://idp.example.com'],
        embedOrigins: ['https://www.example.eu'],
      }),
      { logStream: { write: () => {} } },
    );
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it('sends them on an HTML page, with framing denied', async () => {
    const response = await app.inject({ url: '/direct', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expectCommonSecurityHeaders(response.headers);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(cspOf(response.headers).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends the resource policy on a static asset, without the document headers', async () => {
    const response = await app.inject({ url: `/${HASHED_ASSET}` });
    expect(response.statusCode).toBe(200);
    expectResourceHeaders(response.headers);
  });

  it('sends the resource policy on a proxied call, dropping any document header the SSO sent', async () => {
    sso.handle((_request, response) => {
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'permissions-policy': 'camera=*',
          'content-security-policy': 'default-src *',
        })
        .end('{"nextaction":"PASSWORD_AUTH"}');
    });
    const response = await app.inject({
      method: 'POST',
      url: '/common/portal/proxy/auth/v1/authenticate',
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(sso.requests).toHaveLength(1);
    expectResourceHeaders(response.headers);
  });

  it('sends the resource policy on a 404 and on an error reply', async () => {
    const notFound = await app.inject({ url: '/v1/nothing-here' });
    expect(notFound.statusCode).toBe(404);
    expectResourceHeaders(notFound.headers);
    const badRequest = await app.inject({
      method: 'POST',
      url: '/v1/token/revoke',
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(badRequest.statusCode).toBe(400);
    expectResourceHeaders(badRequest.headers);
  });

  it('allows scripts only from self, the pinned remote origins and the extra origins, never inline or eval', async () => {
    const csp = cspOf((await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers);
    const scriptSrc = csp.get('script-src') ?? [];
    expect(scriptSrc).toEqual(["'self'", 'https://cdn.example.com', 'https://scripts.example.com']);
    expect(scriptSrc.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(String(csp.get('default-src'))).not.toMatch(/unsafe/);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      new URL(sso.baseUrl).origin,
      'https://sso.example.com',
      'https://cdn.example.com',
    ]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https://idp.example.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  });

  it('is never widened by remotes.json: an entry on a foreign origin leaves the policy as it was', async () => {
    const before = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers[
      'content-security-policy'
    ];
    dirs.writeRemotesConfig({
      remote_login: remoteEntry('https://remotes2.example.com/remote-login/1.0.1/mf-manifest.json'),
    });
    const after = (await app.inject({ url: '/', headers: { accept: 'text/html' } })).headers[
      'content-security-policy'
    ];
    expect(after).toBe(before);
    expect(String(after)).not.toContain('remotes2.example.com');
    // Nor narrowed: the pinned origin stays allowed with no remote on it at the moment.
    expect(cspOf({ 'content-security-policy': after }).get('script-src')).toContain(
      'https://cdn.example.com',
    );
  });

  it('allows only the portal itself when no remote origin is pinned (the default)', async () => {
    const strict = await buildServer(testConfig(dirs), { logStream: { write: () => {} } });
    const csp = cspOf((await strict.inject({ url: '/' })).headers);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    await strict.close();
  });

  it('lets only the configured origins frame /emea-cookies', async () => {
    const response = await app.inject({ url: '/emea-cookies', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(cspOf(response.headers).get('frame-ancestors')).toEqual(['https://www.example.eu']);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('enforces Trusted Types by default: one policy, the default policy, for every script sink', async () => {
    const response = await app.inject({ url: '/direct', headers: { accept: 'text/html' } });
    const csp = cspOf(response.headers);
    expect(csp.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(csp.get('trusted-types')).toEqual(['default']);
    expect(response.headers['content-security-policy-report-only']).toBeUndefined();
  });

  it.each([
    [
      'report-only',
      undefined,
      "require-trusted-types-for 'script'; trusted-types default; report-uri /csp-report; report-to csp-endpoint",
    ],
    ['off', undefined, undefined],
  ] as const)(
    'with TRUSTED_TYPES=%s leaves it out of the enforced policy',
    async (mode, enforced, reportOnly) => {
      const other = await buildServer(testConfig(dirs, { trustedTypes: mode }), {
        logStream: { write: () => {} },
      });
      const response = await other.inject({ url: '/direct', headers: { accept: 'text/html' } });
      const csp = cspOf(response.headers);
      expect(csp.get('require-trusted-types-for')).toBe(enforced);
      expect(csp.get('trusted-types')).toBe(enforced);
      expect(csp.get('script-src')).toContain("'self'");
      expect(response.headers['content-security-policy-report-only']).toBe(reportOnly);
      await other.close();
    },
  );

  it('keeps /emea-cookies unframeable when no embedding origin is configured', async () => {
    const strict = await buildServer(testConfig(dirs), { logStream: { write: () => {} } });
    const response = await strict.inject({ url: '/emea-cookies', headers: { accept: 'text/html' } });
    expect(cspOf(response.headers).get('frame-ancestors')).toEqual(["'none'"]);
    await strict.close();
  });
});
