import { randomBytes } from 'node:crypto';

/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` a request arrives
 * with, or a new one, and what goes on to the SSO.
 */
export interface TraceContext {
  /** 32 lower-case hex digits, never all zeros. */
  traceId: string;
  /** This server's span: the parent of every call it makes for the request (16 hex digits). */
  spanId: string;
  /** The caller's span, when a valid traceparent came with the request. */
  parentSpanId?: string;
  /** trace-flags (2 hex digits; 01: sampled). */
  flags: string;
  /** tracestate as received (passed on unchanged), when it was well formed. */
  tracestate?: string;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
const ALL_ZEROS = /^0+$/;
/** tracestate: at most 32 list members, 512 characters as the spec advises keeping. */
const TRACESTATE_MAX = 512;
const TRACESTATE = /^[\x20-\x7e]*$/;

const newId = (bytes: number) => randomBytes(bytes).toString('hex');

/** The trace context of one incoming request: the caller's continued, or a new trace. */
export function traceContextOf(
  traceparent: string | string[] | undefined,
  tracestate: string | string[] | undefined,
): TraceContext {
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent.trim()) : null;
  const [, version, traceId, parentSpanId, flags] = match ?? [];
  // Version ff is invalid; a future version is read as version 00 (the spec's rule).
  if (
    version !== undefined &&
    version !== 'ff' &&
    (version !== '00' || match?.[0].length === 55) &&
    traceId !== undefined &&
    parentSpanId !== undefined &&
    flags !== undefined &&
    !ALL_ZEROS.test(traceId) &&
    !ALL_ZEROS.test(parentSpanId)
  ) {
    const state =
      typeof tracestate === 'string' && tracestate.length <= TRACESTATE_MAX && TRACESTATE.test(tracestate)
        ? tracestate.trim()
        : undefined;
    return {
      traceId,
      spanId: newId(8),
      parentSpanId,
      flags,
      ...(state ? { tracestate: state } : {}),
    };
  }
  // No usable traceparent: this request starts a trace (sampled, so downstream records it).
  return { traceId: newId(16), spanId: newId(8), flags: '01' };
}

/** The traceparent this server sends on: same trace, this server's span as the parent. */
export function traceparentOf(trace: TraceContext): string {
  return `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;
}

/** The headers a call made for this request carries (the proxy's, the token calls'). */
export function traceHeaders(trace: TraceContext): Record<string, string> {
  return {
    traceparent: traceparentOf(trace),
    ...(trace.tracestate ? { tracestate: trace.tracestate } : {}),
  };
}
