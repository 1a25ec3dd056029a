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

  afterEach(() => {
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
      method: 'PUT',
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
    expect(forwarded?.method).toBe('PUT');
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
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('application/json');
    for (const dropped of ['keep-alive', 'proxy-authenticate', 'x-internal-debug']) {
      expect(response.headers[dropped]).toBeUndefined();
    }
  });

  it.each(['GET', 'DELETE', 'PATCH'])('proxies %s', async (method) => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    const response = await app.inject({ method, url: '/common/portal/proxy/factor/v1/MeCreds/cred-1' });
    expect(response.statusCode).toBe(200);
    expect(sso.requests[0]).toMatchObject({ method, url: '/default/factor/v1/MeCreds/cred-1' });
  });

  it('marks replies no-store when the SSO sets no Cache-Control', async () => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<form></form>');
    });
    const response = await app.inject({ url: '/common/portal/proxy/oauth2/v1/idp' });
    expect(response.body).toBe('<form></form>');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 504 with a JSON error when the SSO is too slow', async () => {
    sso.handle((_request, response) => {
      setTimeout(() => response.writeHead(200).end('{}'), 1500);
    });
    const started = Date.now();
    const response = await app.inject({ url: '/common/portal/proxy/auth/v1/authenticate' });
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

  it('streams large bodies both ways over real sockets', async () => {
    sso.handle((request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      // Echo back in several chunks (chunked transfer encoding upstream).
      const data = Buffer.from(request.body);
      for (let offset = 0; offset < data.length; offset += 65536)
        response.write(data.subarray(offset, offset + 65536));
      response.end();
    });
    const port = await listeningPort(app);
    const payload = 'x'.repeat(2 * 1024 * 1024);
    const chunks = [payload.slice(0, 1024 * 1024), payload.slice(1024 * 1024)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const response = await fetch(`http://127.0.0.1:${port}/common/portal/proxy/echo`, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/octet-stream' },
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBe(payload.length);
    expect(sso.requests[0]?.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
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
function rawRequest(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
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
