import type { FastifyInstance } from 'fastify';
import { NO_STORE } from '../static/cachePolicy.js';
import { type ReadinessChecks, readiness } from './readiness.js';

export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';

/**
 * GET /healthz: the process answers (liveness; nothing else is asked, so a slow Redis never gets
 * an instance restarted). GET /readyz: this instance can serve a sign-in (README, "Operating the
 * portal server"): 200 or 503 with each check's name and state, and nothing else (no version, no
 * path, no address). Neither is rate limited.
 */
export function registerHealthRoutes(app: FastifyInstance, checks: ReadinessChecks): void {
  app.get(HEALTHZ_PATH, async (_request, reply) =>
    reply.header('cache-control', NO_STORE).send({ status: 'ok' }),
  );
  app.get(READYZ_PATH, async (_request, reply) => {
    const { ready, checks: states } = await readiness(checks);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', NO_STORE)
      .send({ status: ready ? 'ready' : 'not ready', checks: states });
  });
}
