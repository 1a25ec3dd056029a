import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { createFixtureDirs, type FixtureDirs, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN}-01`;
const W3C = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

const authenticate = (headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: '/common/portal/proxy/auth/v1/authenticate',
  headers: { 'content-type': 'application/json', ...headers },
  payload: JSON.stringify({ userName: 'pat.password' }),
});

/** The SSO answers every call as a sign-in start (so the audit trail writes a line) or a token. */
function answerAsSso(sso: UpstreamStub): void {
  sso.handle((request, response) => {
    const body = request.url.endsWith('/oauth2/v1/token')
      ? { access_token: 'client-token', token_type: 'Bearer', expires_in: 300 }
      : { nextaction: 'PASSWORD_AUTH', userName: 'pat.password', flowState: 'f1' };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
}

describe('W3C trace context', () => {
  let dirs: FixtureDirs;
  let sso: UpstreamStub;
  let app: FastifyInstance;
  let logs: LogCapture;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    sso = await startUpstreamStub('/default/');
    answerAsSso(sso);
    logs = new LogCapture();
    app = await buildServer(testConfig(dirs, { ssoBaseUrl: sso.baseUrl }), { logStream: logs });
  });

  afterEach(async () => {
    await app.close();
    await sso.close();
    dirs.cleanup();
  });

  it("continues the caller's trace to the SSO, and every log line of the request carries its id", async () => {
    const reply = await app.inject(authenticate({ traceparent: TRACEPARENT, tracestate: 'vendor=a1' }));
    expect(reply.statusCode).toBe(200);
    const [call] = sso.requests;
    const forwarded = W3C.exec(String(call?.headers.traceparent));
    expect(forwarded?.[1]).toBe(TRACE_ID);
    // The portal's own span is the SSO call's parent, not the caller's.
    expect(forwarded?.[2]).not.toBe(CALLER_SPAN);
    expect(call?.headers.tracestate).toBe('vendor=a1');

    const reqId = logs.entries().find((entry) => entry.audit)?.reqId;
    const lines = logs.entries().filter((entry) => entry.reqId === reqId);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'audit', 'request completed']);
    for (const line of lines) expect(line.trace_id).toBe(TRACE_ID);
  });

  it('starts a trace for a request without one (or with an unusable one) and sends it on', async () => {
    for (const traceparent of [
      undefined,
      `ff-${TRACE_ID}-${CALLER_SPAN}-01`,
      `00-${'0'.repeat(32)}-${CALLER_SPAN}-01`,
    ]) {
      logs.lines.length = 0;
      sso.requests.length = 0;
      await app.inject(authenticate(traceparent ? { traceparent } : {}));
      const forwarded = W3C.exec(String(sso.requests[0]?.headers.traceparent));
      expect(forwarded).not.toBeNull();
      expect(forwarded?.[1]).not.toBe(TRACE_ID);
      const traceIds = new Set(logs.entries().map((entry) => entry.trace_id));
      expect([...traceIds]).toEqual([forwarded?.[1]]);
    }
  });

  it("carries the request's trace on the server's own token calls", async () => {
    const reply = await app.inject({
      url: '/v1/token/generate/client_token',
      headers: { traceparent: TRACEPARENT },
    });
    expect(reply.statusCode).toBe(200);
    const [call] = sso.requests;
    expect(call?.url).toBe('/default/oauth2/v1/token');
    expect(W3C.exec(String(call?.headers.traceparent))?.[1]).toBe(TRACE_ID);
  });
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/** A small OTLP/HTTP (JSON) receiver: collects the spans POSTed to /v1/traces. */
async function startOtlpReceiver() {
  const spans: OtlpSpan[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(request.url ?? '');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('OpenTelemetry export (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('sends the spans of one sign-in step, under the caller’s span, to the collector', async () => {
    const dirs = createFixtureDirs();
    const sso = await startUpstreamStub('/default/');
    answerAsSso(sso);
    const receiver = await startOtlpReceiver();
    const logs = new LogCapture();
    const app = await buildServer(
      testConfig(dirs, { ssoBaseUrl: sso.baseUrl, otlpEndpoint: receiver.endpoint }),
      { logStream: logs },
    );
    try {
      expect((await app.inject(authenticate({ traceparent: TRACEPARENT }))).statusCode).toBe(200);
    } finally {
      await app.close(); // flushes the spans still buffered
      await sso.close();
      await receiver.close();
      dirs.cleanup();
    }
    expect(receiver.paths).toContain('/v1/traces');
    const trace = receiver.spans.filter((span) => span.traceId === TRACE_ID);
    const root = trace.find((span) => span.name === 'request');
    expect(root?.parentSpanId).toBe(CALLER_SPAN);
    const children = trace.filter((span) => span.parentSpanId === root?.spanId);
    expect(children.length).toBeGreaterThan(0);
    // The SSO's call hangs under one of the exported spans, and the log lines share the trace id.
    const forwarded = W3C.exec(String(sso.requests[0]?.headers.traceparent));
    expect(forwarded?.[1]).toBe(TRACE_ID);
    expect(trace.map((span) => span.spanId)).toContain(forwarded?.[2]);
    const requestLines = logs.entries().filter((entry) => entry.msg === 'incoming request');
    expect(requestLines.map((line) => line.trace_id)).toEqual([TRACE_ID]);
  });
});
