import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROXIED_REPLY_CAP_BYTES, PROXIED_REPLY_MAX_DEPTH } from '../src/proxy/replySizeCap.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const quiet = { logStream: { write: () => {} } };

// The proxy caps what it passes on (issue 30; docs/contracts.md, reply size limits): a reply over
// the browser's limits is refused here with 502 before it is read whole, parsed or written again.
describe('proxied reply cap', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl, proxyTimeoutMs: 2000 }), quiet);
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

  const call = () =>
    app.inject({
      method: 'POST',
      url: '/common/portal/proxy/auth/v1/authenticate',
      payload: '{"subject":"pat"}',
      headers: { 'content-type': 'application/json' },
    });

  it.each([
    [
      'declared over the cap',
      (size: number) => ({ 'content-length': String(size) }),
      PROXIED_REPLY_CAP_BYTES + 1,
    ],
    ['streamed over the cap', () => ({}), PROXIED_REPLY_CAP_BYTES + 1],
  ])('a reply %s is refused with 502', async (_name, headers, size) => {
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', ...headers(size) });
      response.end(`{"a":"${'x'.repeat(size - 8)}"}`);
    });
    const response = await call();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ errorCode: 'PORTAL_UPSTREAM' });
  });

  it('a reply just under the cap passes', async () => {
    const body = `{"a":"${'x'.repeat(PROXIED_REPLY_CAP_BYTES - 100)}"}`;
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    const response = await call();
    expect([response.statusCode, response.body.length]).toEqual([200, body.length]);
  });

  it('a reply nested 5,000 deep is refused with 502 and the server keeps serving', async () => {
    sso.handle((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`);
    });
    expect((await call()).statusCode).toBe(502);
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(nested(PROXIED_REPLY_MAX_DEPTH));
    });
    const fine = await call();
    expect(fine.statusCode).toBe(200);
    expect(fine.body).toBe(nested(PROXIED_REPLY_MAX_DEPTH));
  });
});
