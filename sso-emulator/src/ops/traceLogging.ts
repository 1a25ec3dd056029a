import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';

/** W3C traceparent: version-traceid-parentid-flags (https://www.w3.org/TR/trace-context/). */
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}(?:-.*)?$/;

/** The trace id of a request's traceparent (the portal's), when it sent a usable one. */
export function traceIdOf(raw: IncomingMessage): string | undefined {
  const header = raw.headers.traceparent;
  const traceId = typeof header === 'string' ? TRACEPARENT.exec(header.trim())?.[1] : undefined;
  return traceId === undefined || /^0+$/.test(traceId) ? undefined : traceId;
}

/**
 * Fastify's childLoggerFactory: the log lines of a request that came with a traceparent carry its
 * `trace_id`, so the portal's and the emulator's lines of one sign-in step can be joined.
 */
export const traceChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
  raw,
) => {
  const traceId = traceIdOf(raw as IncomingMessage);
  return logger.child(traceId === undefined ? bindings : { ...bindings, trace_id: traceId }, options);
};
