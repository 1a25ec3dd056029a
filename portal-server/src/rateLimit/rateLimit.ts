import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';
import { clientAddressKey } from './clientKey.js';
import type { RateLimitStore, WindowCount } from './rateLimitStore.js';
import { noteRefusal } from './refusals.js';

export interface RateLimitRule {
  /** Names the limit in the store's keys (several limits may share one store). */
  name: string;
  /** Requests allowed per key (a client address, a user name…) in one window. */
  limit: number;
  windowMs: number;
}

/** The limit a count is held to: the rule's, or this instance's share of it while counted alone. */
export function limitOf(rule: RateLimitRule, window: WindowCount): number {
  return window.shareOf === undefined ? rule.limit : Math.max(1, Math.floor(rule.limit / window.shareOf));
}

/**
 * Counts one request under `rule.name:key`. Over the limit: 429 with Retry-After (seconds until
 * the window ends). If the store fails: 503 and one error log line; the request is not let
 * through (fail closed: an attacker who can make the store fail must not get unlimited tries).
 * The shared store does not fail this way: it falls back to this instance's share of the limit
 * (resilientRateLimitStore.ts). Returns true when it answered the request (the caller stops), false
 * when the request may go on.
 */
export async function refusedByLimit(
  store: RateLimitStore,
  rule: RateLimitRule,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  let window: WindowCount;
  try {
    window = await store.hit(`${rule.name}:${key}`, rule.windowMs);
  } catch (error) {
    request.log.error({ err: error, limit: rule.name }, 'rate limit store failed; request refused');
    reply.header('retry-after', String(Math.max(1, Math.ceil(rule.windowMs / 1000))));
    sendError(reply, 503, 'PORTAL_RATE_LIMIT_UNAVAILABLE', 'Please try again later');
    return true;
  }
  if (window.count <= limitOf(rule, window)) return false;
  const retryAfter = Math.max(1, Math.ceil(window.resetInMs / 1000));
  request.log.warn(
    { limit: rule.name, ...(window.shareOf === undefined ? {} : { countedAlone: true }) },
    'rate limit reached',
  );
  noteRefusal(request, rule.name);
  reply.header('retry-after', String(retryAfter));
  sendError(reply, 429, 'PORTAL_RATE_LIMITED', 'Too many requests, please try again later');
  return true;
}

/**
 * An onRequest hook allowing `limit` requests per client per window. The client is `request.ip`
 * (which honours TRUST_PROXY) counted as clientAddressKey says: IPv4 by address, IPv6 by /64.
 */
export function rateLimitHook(store: RateLimitStore, rule: RateLimitRule) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (await refusedByLimit(store, rule, clientAddressKey(request.ip), request, reply)) return reply;
  };
}
