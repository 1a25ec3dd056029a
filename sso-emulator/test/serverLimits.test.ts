import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { BODY_LIMIT_BYTES } from '../src/http/serverLimits.js';
import { createEmulator } from '../src/server.js';

const TEN_MB = 10 * 1024 * 1024;
const HEADERS_TIMEOUT_MS = 400;
const REQUEST_TIMEOUT_MS = 800;

/** Every POST route the emulator has, read from its router (`:param` segments filled in). */
function postRoutes(app: FastifyInstance): string[] {
  return [...app.printRoutes({ method: 'POST', commonPrefix: false }).matchAll(/(\/\S*) \(POST\)/g)].map(
    ([, route = '']) => route.replace(/:\w+/g, 'x'),
  );
}

/** Sends `head`, then one more byte every 50 ms until the server closes the connection. */
function drip(
  port: number,
  head: string,
  giveUpMs: number,
): Promise<{ reply: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let reply = '';
    const timer = setInterval(() => {
      if (socket.writable) socket.write('a');
    }, 50);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the emulator still held the connection after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ reply, closedAfterMs: Date.now() - started });
    });
    socket.write(head);
  });
}

describe('emulator limits', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = await createEmulator(
      loadConfig({
        EMULATOR_PORT: '0',
        EMULATOR_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        EMULATOR_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(() => app.close());

  it('has the POST routes of spec section 7 and its developer API', () => {
    const routes = postRoutes(app);
    expect(routes).toContain('/default/auth/v1/authenticate');
    expect(routes).toContain('/default/oauth2/v1/token');
    expect(routes).toContain('/_emulator/api/reset');
    expect(routes.length).toBeGreaterThan(25);
  });

  it('answers 413 to a 10 MB body on every POST route, JSON or form', async () => {
    const statuses: Record<string, number[]> = {};
    for (const url of postRoutes(app)) {
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': type, authorization: 'Basic cG9ydGFsOnBvcnRhbC1kZXYtc2VjcmV0' },
          payload: Buffer.alloc(TEN_MB, 'a'),
        });
        statuses[url] = [...(statuses[url] ?? []), response.statusCode];
      }
    }
    const notRefused = Object.entries(statuses).filter(([, codes]) => codes.some((code) => code !== 413));
    expect(notRefused).toEqual([]);
  });

  it('answers 413 one byte over its body limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/default/auth/v1/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.alloc(BODY_LIMIT_BYTES + 1, 'a'),
    });
    expect(response.statusCode).toBe(413);
    expect(BODY_LIMIT_BYTES).toBeLessThan(1024 * 1024); // tighter than Fastify's default
  });

  it('cuts off a dripped body within the request timeout', async () => {
    const outcome = await drip(
      port,
      'POST /default/auth/v1/authenticate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"userName":"',
      5000,
    );
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1000);
  });

  it('cuts off dripped headers within the header timeout', async () => {
    const outcome = await drip(port, 'GET /_emulator/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 5000);
    expect(outcome.reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1000);
  });

  it('refuses a header timeout longer than the request timeout', () => {
    expect(() =>
      loadConfig({ EMULATOR_HEADERS_TIMEOUT_MS: '5000', EMULATOR_REQUEST_TIMEOUT_MS: '1000' }),
    ).toThrowError(/^Invalid environment variable EMULATOR_HEADERS_TIMEOUT_MS/);
  });
});
