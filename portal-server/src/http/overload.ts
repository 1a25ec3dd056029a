import type { FastifyInstance } from 'fastify';
import { HEALTHZ_PATH } from '../health/healthRoutes.js';
import { sendError } from './errorReply.js';

/** How often the event loop's lag is sampled. */
const SAMPLE_MS = 100;
/** What a refused client is told to wait (seconds). */
export const OVERLOAD_RETRY_AFTER_S = 5;

/**
 * Load shedding: a timer expected every SAMPLE_MS measures how late the event loop runs it. When
 * the last lag exceeds `maxLagMs` the loop is saturated: the requests that queued up meanwhile are
 * answered `503 PORTAL_OVERLOADED` with Retry-After at once (the load balancer retries elsewhere)
 * instead of each waiting its turn and timing out. /healthz is always answered: the process is alive.
 */
export function registerOverloadGuard(app: FastifyInstance, maxLagMs: number): void {
  let expected = performance.now() + SAMPLE_MS;
  let lagMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(0, now - expected);
    expected = now + SAMPLE_MS;
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  app.addHook('onRequest', async (request, reply) => {
    if (lagMs <= maxLagMs || request.url === HEALTHZ_PATH) return;
    request.log.warn({ lagMs: Math.round(lagMs) }, 'event loop saturated: request refused');
    reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_S));
    return sendError(reply, 503, 'PORTAL_OVERLOADED', 'The service is busy, please try again shortly');
  });
}
