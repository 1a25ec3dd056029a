import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { createEmulator } from '../src/server.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('the emulator for operators', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('answers /healthz and /readyz with named checks and no configuration', async () => {
    app = await createEmulator(loadConfig({ EMULATOR_PORT: '8090' }));
    const health = await app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { signingKeys: 'ok', shutdown: 'ok' } });
  });

  it("puts the traceparent's trace id on the log lines of the request that carried it", async () => {
    const lines: string[] = [];
    app = await createEmulator(loadConfig({ EMULATOR_PORT: '8090', EMULATOR_LOG_LEVEL: 'info' }), {
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    await app.inject({
      method: 'POST',
      url: '/default/auth/v1/authenticate',
      headers: { traceparent: TRACEPARENT, 'content-type': 'application/json' },
      payload: { userName: 'alice' },
    });
    await app.inject({ url: '/healthz' });
    const entries = lines.map(
      (line) => JSON.parse(line) as { msg: string; trace_id?: string; req?: { url: string } },
    );
    const traced = entries.filter((entry) => entry.trace_id === TRACE_ID);
    expect(traced.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    const untraced = entries.filter((entry) => entry.req?.url === '/healthz');
    expect(untraced).toHaveLength(1);
    expect(untraced[0]).not.toHaveProperty('trace_id');
  });
});
