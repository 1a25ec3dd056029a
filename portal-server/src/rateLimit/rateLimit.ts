import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';
import type { RateLimitStore } from './rateLimitStore.js';

export interface RateLimitRule {
  /** Names the limit in the store's keys (several limits may share one store). */
  name: string;
  /** Requests allowed per client address in one window. */
  limit: number;
  windowMs: number;
}

/**
 * An onRequest hook allowing `limit` requests per client address (`request.ip`, which honours the
 * server's trustProxy setting) per window; the next ones get 429 with Retry-After (seconds until
 * the window ends). If the store fails, the request is let through and the failure logged: an
 * outage of a shared store must not take sign-in down.
 */
export function rateLimitHook(store: RateLimitStore, rule: RateLimitRule) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let window: Awaited<ReturnType<RateLimitStore['hit']>>;
    try {
      window = await store.hit(`${rule.name}:${request.ip}`, rule.windowMs);
    } catch (error) {
      request.log.error({ err: error, limit: rule.name }, 'rate limit store failed; request let through');
      return;
    }
    if (window.count <= rule.limit) return;
    const retryAfter = Math.max(1, Math.ceil(window.resetInMs / 1000));
    request.log.warn({ limit: rule.name }, 'rate limit reached');
    reply.header('retry-after', String(retryAfter));
    return sendError(reply, 429, 'PORTAL_RATE_LIMITED', 'Too many requests, please try again later');
  };
}
