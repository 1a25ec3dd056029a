import type { FastifyInstance } from 'fastify';
import { HEALTHZ_PATH } from '../health/healthRoutes.js';
import { sendError } from './errorReply.js';

/** How often the event loop's lag is sampled. */
const SAMPLE_MS = 100;
/** What a refused client is told to wait (seconds). */
export const OVERLOAD_RETRY_AFTER_S = 5;

/**
 * Load shedding: a timer expected every SAMPLE_MS measures how late the event loop runs it. A lag
 * over `maxLagMs` means the loop is saturated: for the next 2 × `maxLagMs` (the backlog that queued
 * up meanwhile, and whatever keeps it saturated) requests are answered `503 PORTAL_OVERLOADED` with
 * Retry-After at once (the load balancer retries elsewhere) instead of each waiting its turn and
 * timing out. /healthz is always answered: the process is alive.
 */
export function registerOverloadGuard(app: FastifyInstance, maxLagMs: number): void {
  let expected = 0;
  let lagMs = 0;
  let sheddingUntil = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const sample = () => {
    const now = performance.now();
    const lag = now - expected;
    if (lag > maxLagMs) {
      lagMs = lag;
      sheddingUntil = now + 2 * maxLagMs;
    }
    expected = now + SAMPLE_MS;
  };
  // Sampled from listening on: start-up work (loading modules, reading releases) is no overload.
  app.addHook('onListen', async () => {
    expected = performance.now() + SAMPLE_MS;
    timer = setInterval(sample, SAMPLE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  app.addHook('onRequest', async (request, reply) => {
    if (performance.now() >= sheddingUntil || request.url === HEALTHZ_PATH) return;
    request.log.warn({ lagMs: Math.round(lagMs) }, 'event loop saturated: request refused');
    reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_S));
    return sendError(reply, 503, 'PORTAL_OVERLOADED', 'The service is busy, please try again shortly');
  });
}
