import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

const MAX_LAG_MS = 500;

/**
 * A client on its own thread: on 'go' it sends raw requests for the given paths, marks the shared
 * flag once they are written (the server's loop is blocked meanwhile), and posts back the replies.
 */
const CLIENT = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const flag = new Int32Array(workerData.flag);
parentPort.on('message', async () => {
  let written = 0;
  const replies = await Promise.all(workerData.paths.map((path) => new Promise((resolve) => {
    const socket = net.connect(workerData.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => { text += chunk.toString('utf8'); });
    socket.on('end', () => resolve(text));
    socket.write('GET ' + path + ' HTTP/1.1\\r\\nHost: localhost\\r\\nAccept: application/json\\r\\nConnection: close\\r\\n\\r\\n', () => {
      written += 1;
      if (written === workerData.paths.length) { Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); }
    });
  })));
  parentPort.postMessage(replies);
});
`;

describe('load shedding when the event loop is saturated', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;
  let worker: Worker;
  const flag = new Int32Array(new SharedArrayBuffer(4));

  beforeAll(async () => {
    dirs = createFixtureDirs();
    app = await buildServer(testConfig(dirs, { port: 0, overloadMaxLagMs: MAX_LAG_MS }), {
      logStream: new LogCapture(),
    });
    // The stall: a request whose handler blocks the loop until the other requests have been sent,
    // then longer than the allowed lag (only this test adds such a route).
    app.get('/test/block-the-loop', async () => {
      worker.postMessage('go');
      Atomics.wait(flag, 0, 0, 10_000);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, MAX_LAG_MS * 3);
      return { blocked: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    worker = new Worker(CLIENT, {
      eval: true,
      workerData: { port, flag: flag.buffer, paths: ['/v1/config/environment', '/healthz'] },
    });
    await new Promise((resolve) => worker.once('online', resolve));
    // A busy machine may stall this process while it starts: wait until requests are served.
    for (let tries = 0; tries < 20; tries += 1) {
      if ((await fetch(`http://127.0.0.1:${port}/v1/config/environment`)).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, MAX_LAG_MS));
    }
  });

  afterAll(async () => {
    await worker.terminate();
    await app.close();
    dirs.cleanup();
  });

  it('answers what queued up meanwhile 503 with Retry-After, but /healthz 200, then serves again', async () => {
    const { port } = app.server.address() as AddressInfo;
    const replies = new Promise<string[]>((resolve) => worker.once('message', resolve));
    const blocked = await fetch(`http://127.0.0.1:${port}/test/block-the-loop`);
    expect(blocked.status).toBe(200);
    const [environment, health] = await replies;
    expect(environment).toMatch(/^HTTP\/1\.1 503 /);
    expect(environment).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(environment).toContain('"errorCode":"PORTAL_OVERLOADED"');
    expect(health).toMatch(/^HTTP\/1\.1 200 /);
    // Once the loop has kept time for a while (2 × the allowed lag), requests are served again.
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/v1/config/environment`)).status, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(200);
  });
});
