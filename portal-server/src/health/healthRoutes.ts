import type { FastifyInstance } from 'fastify';
import { type RateLimitRule, rateLimitHook } from '../rateLimit/rateLimit.js';
import { MemoryRateLimitStore } from '../rateLimit/rateLimitStore.js';
import { NO_STORE } from '../static/cachePolicy.js';
import type { Readiness } from './readiness.js';

export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';

/**
 * GET /healthz: the process answers (liveness; nothing else is asked, so a slow dependency never
 * gets an instance restarted). GET /readyz: this instance can serve a sign-in as far as it alone
 * decides (README, "Operating the portal server"): 200 or 503 with each check's name and state,
 * and nothing else (no version, no path, no address); its checks are reused for a second
 * (readiness.ts). `rateLimit`: on the public port, per client address, counted in this process's
 * memory (never a shared store whose outage would fail the probe).
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  readiness: () => Promise<Readiness>,
  rateLimit?: RateLimitRule,
): void {
  app.get(HEALTHZ_PATH, async (_request, reply) =>
    reply.header('cache-control', NO_STORE).send({ status: 'ok' }),
  );
  const limited = rateLimit ? { onRequest: rateLimitHook(new MemoryRateLimitStore(), rateLimit) } : {};
  app.get(READYZ_PATH, limited, async (_request, reply) => {
    const { ready, checks: states } = await readiness();
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', NO_STORE)
      .send({ status: ready ? 'ready' : 'not ready', checks: states });
  });
}
