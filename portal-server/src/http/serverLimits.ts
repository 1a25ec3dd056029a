import type http from 'node:http';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type { ServerLimits } from '../config.js';
import type { TrustProxy } from '../env/envValues.js';

/**
 * How often Node looks for requests past their header or request timeout. Its default (30 s) would
 * let a slow client hold a connection up to 30 s longer than the limit says.
 */
export function connectionsCheckingInterval(limits: Pick<ServerLimits, 'headersTimeoutMs'>): number {
  return Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4)));
}

/**
 * The Fastify (and underlying node:http) options that bound what one client can hold: time for the
 * headers, for the whole request, idle keep-alive and inactive connections, and the body size.
 * Node answers a request that overruns its header or request time with 408 and closes the socket.
 */
export function serverLimitOptions(
  limits: ServerLimits,
  trustProxy: TrustProxy,
): Pick<
  FastifyHttpOptions<http.Server>,
  'http' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'bodyLimit' | 'trustProxy'
> {
  return {
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingInterval(limits),
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    bodyLimit: limits.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(trustProxy),
  };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses from the right of
 * X-Forwarded-For (the socket peer is hop 0), so `request.ip` is the address the outermost trusted
 * proxy saw; an address list trusts only peers at those addresses.
 */
function fastifyTrustProxy(trustProxy: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy === 'number') return (_address: string, hop: number) => hop < trustProxy;
  return trustProxy;
}
