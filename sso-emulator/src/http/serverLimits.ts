import type http from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { EmulatorLimits } from '../config.js';

/** The largest request body on any route (a FIDO registration, the largest, is a few KB). */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The Fastify (node:http) options that bound what one client can hold: time for the headers and
 * for the whole request (Node answers 408 and closes), idle keep-alive, inactive connections, and
 * the body size (413). Node looks for overdue requests every `connectionsCheckingInterval`; its
 * default of 30 s would let a slow client overrun the limit by that much.
 */
export function serverLimitOptions(
  limits: EmulatorLimits,
): Pick<
  FastifyHttpOptions<http.Server>,
  'http' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'bodyLimit'
> {
  return {
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    bodyLimit: BODY_LIMIT_BYTES,
  };
}
