import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerLimits } from '../src/config.js';
import type { TrustProxy } from '../src/env/envValues.js';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const LIMITS: ServerLimits = {
  headersTimeoutMs: 400,
  requestTimeoutMs: 800,
  keepAliveTimeoutMs: 5000,
  connectionTimeoutMs: 10000,
  bodyLimitBytes: 64 * 1024,
};
const TEN_MB = 10 * 1024 * 1024;

/** The portal's pages call with their Origin (the token calls refuse callers without one). */
const PAGE_ORIGIN = 'http://localhost:8080';

/** One URL per POST route of the portal server (the proxy is one route, `/common/portal/proxy/*`). */
const POST_ROUTES: [string, string][] = [
  ['/v1/token/generate/user_token', 'application/json'],
  ['/v1/token/generate/refresh', 'application/json'],
  ['/v1/token/revoke', 'application/json'],
  ['/v1/audit/events', 'application/json'],
  ['/v1/beacon', 'text/plain;charset=UTF-8'],
  ['/common/portal/proxy/auth/v1/authenticate', 'application/json'],
  ['/csp-report', 'application/csp-report'],
  ['/csp-report', 'application/reports+json'],
];

interface SocketOutcome {
  /** What the server wrote before it closed the connection. */
  reply: string;
  /** Time from the first byte sent to the close. */
  closedAfterMs: number;
}

/**
 * A client that sends `head` and then one more byte every 50 ms, for ever, until the server
 * closes the connection (or `giveUpMs` passes: then the server never closed it).
 */
function drip(port: number, head: string, dripped: string, giveUpMs: number): Promise<SocketOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let reply = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.writable) socket.write(dripped[sent++ % dripped.length] ?? ' ');
    }, 50);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server still held the connection after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('error', () => {}); // a reset after the 408 is a close too
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ reply, closedAfterMs: Date.now() - started });
    });
    socket.write(head);
  });
}

describe('server limits', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub();
    sso.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    app = await buildServer(
      testConfig(dirs, { ssoBaseUrl: sso.baseUrl, limits: LIMITS, proxyTimeoutMs: 5000 }),
      { logStream: { write: () => {} } },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it.each([
    ['/v1/token/revoke', 'application/json', '{"token":"'],
    ['/common/portal/proxy/auth/v1/authenticate', 'application/json', '{"a":"'],
    ['/csp-report', 'application/csp-report', '{"csp-report":{"x":"'],
  ])('cuts off a body dripped to %s within the request timeout', async (url, type, body) => {
    const head = `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${PAGE_ORIGIN}\r\nContent-Type: ${type}\r\nContent-Length: 4000\r\n\r\n`;
    const outcome = await drip(port, head, body, 5000);
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 408 /);
    // The request timeout, plus at most one check interval and scheduling slack.
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.requestTimeoutMs + 1000);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs);
  });

  it('cuts off headers dripped one byte at a time within the header timeout', async () => {
    const outcome = await drip(
      port,
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: abcdefghijklmnop',
      5000,
    );
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(LIMITS.headersTimeoutMs + 1000);
  });

  it('lists every POST route here (a new one needs its body-limit test)', () => {
    const listed = app.printRoutes({ method: 'POST', commonPrefix: false }).match(/\(POST\)/g) ?? [];
    expect(listed).toHaveLength(new Set(POST_ROUTES.map(([url]) => url)).size);
  });

  it.each(POST_ROUTES)(
    'answers 413 to a 10 MB body on %s (%s), and the SSO gets nothing',
    async (url, type) => {
      const before = sso.requests.length;
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { origin: PAGE_ORIGIN, 'content-type': type },
        payload: Buffer.alloc(TEN_MB, 'a'),
      });
      expect(response.statusCode).toBe(413);
      expect(sso.requests.length).toBe(before);
    },
  );

  it.each(POST_ROUTES)('answers 413 one byte over BODY_LIMIT_BYTES on %s (%s)', async (url, type) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { origin: PAGE_ORIGIN, 'content-type': type },
      payload: Buffer.alloc(LIMITS.bodyLimitBytes + 1, 'a'),
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('TRUST_PROXY: who request.ip is', () => {
  let dirs: FixtureDirs;
  const apps: FastifyInstance[] = [];

  beforeAll(() => {
    dirs = createFixtureDirs();
  });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  afterAll(() => dirs.cleanup());

  /** The client address the server logs for one request from `peer` carrying `forwardedFor`. */
  async function loggedAddress(trustProxy: TrustProxy, peer: string, forwardedFor: string): Promise<unknown> {
    const log = new LogCapture();
    const app = await buildServer(testConfig(dirs, { trustProxy }), { logStream: log });
    apps.push(app);
    await app.inject({
      url: '/v1/config/environment',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
    });
    const entry = log.entries().find((line) => line.msg === 'incoming request') as
      | { req?: { remoteAddress?: unknown } }
      | undefined;
    return entry?.req?.remoteAddress;
  }

  it('ignores X-Forwarded-For by default: any client could claim any address', async () => {
    expect(await loggedAddress(false, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('takes the address one trusted hop saw with TRUST_PROXY=1', async () => {
    // The client forged the first entry; the load balancer appended the address it really saw.
    expect(await loggedAddress(1, '10.0.0.2', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
  });

  it('trusts X-Forwarded-For only from the listed proxy addresses', async () => {
    expect(await loggedAddress(['10.0.0.0/8'], '10.0.0.2', '6.6.6.6, 198.51.100.1')).toBe('198.51.100.1');
    expect(await loggedAddress(['10.0.0.0/8'], '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });
});
