import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { type TraceContext, traceContextOf, traceHeaders, traceparentOf } from './traceContext.js';

/** Each raw request's trace, decided once when Fastify makes the request's logger. */
const traces = new WeakMap<IncomingMessage, TraceContext>();

/** The request being served and its server's propagator, for calls made deep inside it (the token client). */
const current = new AsyncLocalStorage<{ request: FastifyRequest; propagator: TracePropagator }>();

/**
 * How a call made for a request carries the trace on: by default this server's own span of the
 * request (traceContext.ts); with OpenTelemetry on, the active span's context (otel.ts).
 */
export type TracePropagator = (request: FastifyRequest) => Record<string, string>;

/** This server's own span of the request as the parent (no OpenTelemetry). */
export const OWN_SPAN_PROPAGATOR: TracePropagator = (request) => traceHeaders(traceOf(request.raw));

export interface RequestTracing {
  /** Set when OpenTelemetry is on: its spans, not this server's own id, are the parents. */
  propagator: TracePropagator;
  /**
   * OpenTelemetry reads the request's headers itself: a request without a traceparent is given
   * the one this server made, so its spans and the log lines share one trace id.
   */
  writeBackTraceparent: boolean;
}

/** The trace of a raw request (made on first use for a request that has none yet). */
export function traceOf(raw: IncomingMessage, writeBack = false): TraceContext {
  let trace = traces.get(raw);
  if (!trace) {
    trace = traceContextOf(raw.headers.traceparent, raw.headers.tracestate);
    traces.set(raw, trace);
    if (writeBack && trace.parentSpanId === undefined) raw.headers.traceparent = traceparentOf(trace);
  }
  return trace;
}

/**
 * Fastify's childLoggerFactory: every log line of a request carries `trace_id` (its W3C trace id,
 * the caller's or a new one), beside Fastify's `reqId`.
 */
export function tracingChildLoggerFactory(
  tracing: Pick<RequestTracing, 'writeBackTraceparent'>,
): NonNullable<FastifyServerOptions['childLoggerFactory']> {
  return (logger, bindings, options, raw) =>
    logger.child(
      { ...bindings, trace_id: traceOf(raw as IncomingMessage, tracing.writeBackTraceparent).traceId },
      options,
    );
}

/** Every request runs in its own context, so calls made for it know whose trace they carry. */
export function registerRequestTracing(
  app: FastifyInstance,
  tracing: Pick<RequestTracing, 'propagator'>,
): void {
  const { propagator } = tracing;
  app.addHook('onRequest', (request, _reply, done) => {
    current.run({ request, propagator }, done);
  });
}

/** The traceparent (and tracestate) for a call made now for the request being served; none outside one. */
export function outgoingTraceHeaders(): Record<string, string> {
  const store = current.getStore();
  return store ? store.propagator(store.request) : {};
}
