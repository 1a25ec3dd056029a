import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { startUpstreamStub, type UpstreamStub, unreachableBaseUrl } from './helpers/upstreamStub.js';

const quiet = { logStream: { write: () => {} } };

describe('/common/portal/proxy/* → SSO', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl, proxyTimeoutMs: 300 }), quiet);
  });

  afterEach(async () => {
    await sso.settled();
    sso.requests.length = 0;
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it('passes method, path, query, body and the spec headers through, and status, body and headers back', async () => {
    sso.handle((_request, response) => {
      response
        .writeHead(428, {
          'content-type': 'application/json',
          'x-flow-state': 'flow-2',
          'cache-control': 'no-cache',
          'keep-alive': 'timeout=5',
          'proxy-authenticate': 'Basic',
          'x-internal-debug': 'yes',
        })
        .end('{"errorCode":"1003033","errorMessage":"Password change required"}');
    });
    const body = JSON.stringify({ password: 'pw', deviceTag: 'dt' });
    const response = await app.inject({
      method: 'POST',
      url: '/common/portal/proxy/factor/v1/PasswordAuthenticator?lang=en_US',
      payload: body,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: 'Bearer client-token',
        'x-flow-state': 'flow-1',
        'x-client-transaction-id': '3b241101-e2bb-4255-8caf-4136c566a962',
        'x-device-tag': 'device-1',
        'x-relay-state': '/idpComplete',
        te: 'trailers',
        'proxy-authorization': 'Basic c2VjcmV0',
        cookie: 'session=browser-cookie',
        'x-other': 'not-for-the-sso',
      },
    });

    expect(sso.requests).toHaveLength(1);
    const [forwarded] = sso.requests;
    expect(forwarded?.method).toBe('POST');
    expect(forwarded?.url).toBe('/default/factor/v1/PasswordAuthenticator?lang=en_US');
    expect(forwarded?.body).toBe(body);
    expect(forwarded?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: 'Bearer client-token',
      'x-flow-state': 'flow-1',
      'x-client-transaction-id': '3b241101-e2bb-4255-8caf-4136c566a962',
      'x-device-tag': 'device-1',
      'x-relay-state': '/idpComplete',
    });
    for (const dropped of ['te', 'proxy-authorization', 'cookie', 'x-other']) {
      expect(forwarded?.headers[dropped]).toBeUndefined();
    }

    expect(response.statusCode).toBe(428);
    expect(response.json()).toEqual({ errorCode: '1003033', errorMessage: 'Password change required' });
    expect(response.headers['x-flow-state']).toBe('flow-2');
    // Whatever the SSO says: a proxied reply carries flow state or user data.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json');
    for (const dropped of ['keep-alive', 'proxy-authenticate', 'x-internal-debug']) {
      expect(response.headers[dropped]).toBeUndefined();
    }
  });

  it.each([
    ['GET', 'factor/v1/MeCreds'],
    ['DELETE', 'factor/v1/MeCreds/3b241101-e2bb-4255-8caf-4136c566a962'],
    ['PUT', 'factor/v1/MeCreds/cred-1'],
  ])('proxies %s %s, a call the portal makes', async (method, path) => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    const response = await app.inject({
      method,
      url: `/common/portal/proxy/${path}`,
      ...(method === 'PUT' ? { payload: { status: 'ACTIVE' } } : {}),
    });
    expect(response.statusCode).toBe(200);
    expect(sso.requests[0]).toMatchObject({ method, url: `/default/${path}` });
  });

  it.each([
    ['GET', 'auth/v1/authenticate', 'POST'],
    ['PATCH', 'factor/v1/MeCreds/cred-1', 'PUT, DELETE'],
    ['POST', 'factor/v1/MeCreds', 'GET'],
  ])('answers 405 with Allow to %s %s', async (method, path, allow) => {
    const response = await app.inject({ method, url: `/common/portal/proxy/${path}` });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_METHOD_NOT_ALLOWED' });
    expect(sso.requests).toHaveLength(0);
  });

  it.each([
    'oauth2/v1/token',
    'oauth2/v1/revoke',
    'admin/console',
    'factor/v1/MeCreds/a/b',
    'auth/v1/authenticate/extra',
  ])('answers 404 to %s, which the portal never sends through the proxy', async (path) => {
    const response = await app.inject({ method: 'POST', url: `/common/portal/proxy/${path}`, payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_NOT_PROXIED' });
    expect(sso.requests).toHaveLength(0);
  });

  it.each(['text/xml', 'text/plain', 'multipart/form-data; boundary=x', 'application/octet-stream'])(
    'answers 415 to a %s body',
    async (contentType) => {
      const response = await app.inject({
        method: 'POST',
        url: '/common/portal/proxy/auth/v1/authenticate',
        payload: 'x=1',
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(415);
      expect(sso.requests).toHaveLength(0);
    },
  );

  it('passes the identity provider’s HTML form on as text, never as a page of the portal', async () => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<form></form>');
    });
    const response = await app.inject({ url: '/common/portal/proxy/oauth2/v1/idp' });
    expect(response.body).toBe('<form></form>');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['text/html', '<html>SSO error page</html>'],
    ['application/octet-stream', 'binary'],
    [undefined, 'no type'],
  ])('answers 502 when a JSON call gets a %s reply', async (contentType, body) => {
    sso.handle((_request, response) => {
      response.writeHead(200, contentType ? { 'content-type': contentType } : {}).end(body);
    });
    const response = await app.inject({
      method: 'POST',
      url: '/common/portal/proxy/auth/v1/authenticate',
      payload: {},
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_UPSTREAM_CONTENT' });
    expect(response.body).not.toContain(body);
  });

  it('passes an empty reply with no content type', async () => {
    sso.handle((_request, response) => {
      response.writeHead(204).end();
    });
    const response = await app.inject({ method: 'DELETE', url: '/common/portal/proxy/factor/v1/MeCreds/c1' });
    expect(response.statusCode).toBe(204);
  });

  it('answers 504 with a JSON error when the SSO is too slow', async () => {
    sso.handle((_request, response) => {
      setTimeout(() => response.writeHead(200).end('{}'), 1500);
    });
    const started = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/common/portal/proxy/auth/v1/authenticate',
      payload: {},
    });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      errorCode: 'PORTAL_UPSTREAM_TIMEOUT',
      errorMessage: 'The sign-in service did not answer in time',
    });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('answers 502 with a JSON error when the SSO is unreachable', async () => {
    const down = await buildServer(testConfig(dirs, { ssoBaseUrl: await unreachableBaseUrl() }), quiet);
    const response = await down.inject({
      method: 'POST',
      url: '/common/portal/proxy/auth/v1/authenticate',
      payload: {},
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      errorCode: 'PORTAL_UPSTREAM',
      errorMessage: 'The sign-in service is unreachable',
    });
    await down.close();
  });

  it('streams a body within the limit both ways over real sockets', async () => {
    sso.handle((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      // Echo back in several chunks (chunked transfer encoding upstream).
      const data = Buffer.from(request.body);
      for (let offset = 0; offset < data.length; offset += 8192)
        response.write(data.subarray(offset, offset + 8192));
      response.end();
    });
    const port = await listeningPort(app);
    const payload = JSON.stringify({ assertion: 'x'.repeat(60 * 1024) });
    const response = await fetch(
      `http://127.0.0.1:${port}/common/portal/proxy/factor/v1/FIDOAuthChallengeVerifier`,
      {
        method: 'POST',
        body: chunkedStream([payload.slice(0, 30_000), payload.slice(30_000)]),
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit & { duplex: 'half' },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(payload);
    expect(sso.requests[0]?.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
  });

  it('answers 413 to a body over the limit, declared or streamed, and never lets all of it through', async () => {
    sso.handle((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(`{"got":${request.body.length}}`);
    });
    const declared = await app.inject({
      method: 'POST',
      url: '/common/portal/proxy/auth/v1/authenticate',
      payload: JSON.stringify({ x: 'y'.repeat(10 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(declared.statusCode).toBe(413);
    expect(sso.requests).toHaveLength(0);

    const port = await listeningPort(app);
    const megabyte = 'z'.repeat(1024 * 1024);
    const streamed = await fetch(`http://127.0.0.1:${port}/common/portal/proxy/auth/v1/authenticate`, {
      method: 'POST',
      body: chunkedStream(Array.from({ length: 10 }, () => megabyte)),
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit & { duplex: 'half' }).catch((error: unknown) => error);
    if (streamed instanceof Response) expect(streamed.status).toBe(413);
    expect(sso.requests.every((request) => request.body.length < 10 * 1024 * 1024)).toBe(true);
  });

  it.each([
    ['streamed on as it arrives', 'factor/v1/PasswordAuthenticator', ['<aborted>']],
    ['read whole first (it names its user)', 'auth/v1/authenticate', []],
  ])('answers 408 to a body dripped slower than the timeout, %s', async (_how, path, seen) => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const port = await listeningPort(app);
    const started = Date.now();
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/common/portal/proxy/${path}`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => {
            request.destroy();
            resolve({ status: response.statusCode ?? 0, body });
          });
        },
      );
      request.on('error', reject);
      request.write('{');
      const drip = setInterval(() => request.write(' '), 100);
      request.on('close', () => clearInterval(drip));
      setTimeout(() => clearInterval(drip), 5000);
    });
    expect(result.status).toBe(408);
    expect(JSON.parse(result.body)).toMatchObject({ errorCode: 'PORTAL_REQUEST_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2000);
    // A streamed body: the SSO saw the call begin, but never a whole body. One read whole first
    // (its user is counted before it goes on): the SSO never saw it.
    await sso.settled();
    expect(sso.requests.map((request) => request.body)).toEqual(seen);
  });

  it.each([
    '..%2F..%2Fadmin',
    'factor/v1/..;/..;/admin',
    '%2e%2e%2fadmin',
    'factor/v1/..%5c..%5cadmin',
    '%252e%252e/admin',
    'auth/v1/authenticate%00',
    'auth/v1/authenticate%0a',
    'auth\\v1\\authenticate',
    'auth//v1/authenticate',
    'auth/./v1/authenticate',
  ])('refuses the encoded or ambiguous path %s with 400, over a real socket', async (path) => {
    const port = await listeningPort(app);
    const response = await rawRequest(port, `/common/portal/proxy/${path}`, 'POST');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ errorCode: 'PORTAL_INVALID_REQUEST' });
    expect(sso.requests).toHaveLength(0);
  });

  it('refuses, over a real socket, paths that would leave the SSO base', async () => {
    const port = await listeningPort(app);
    for (const path of ['/common/portal/proxy/%2e%2e/admin', '/common/portal/proxy/../../etc/passwd']) {
      const response = await rawRequest(port, path);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ errorCode: 'PORTAL_INVALID_REQUEST' });
    }
    expect(sso.requests).toHaveLength(0);
  });
});

async function listeningPort(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

/** node:http sends the path as written; fetch and inject would normalise the dot segments away. */
function rawRequest(port: number, path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

function chunkedStream(parts: string[]): ReadableStream<Uint8Array> {
  const chunks = [...parts];
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
  });
}
