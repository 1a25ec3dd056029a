import type { FastifyInstance } from 'fastify';
import { refusalOf } from '../rateLimit/refusals.js';
import type { PortalMetrics } from './portalMetrics.js';
import { routeFamily } from './routeFamily.js';

/** Counts every reply of `app` (added on the root, so every route and the 404 handler are counted). */
export function registerHttpMetrics(app: FastifyInstance, metrics: PortalMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const family = routeFamily(request, reply);
    metrics.request(family, request.method, reply.statusCode, reply.elapsedTime / 1000);
    const limit = refusalOf(request);
    if (limit !== undefined && reply.statusCode === 429) metrics.rateLimitRefused(limit);
    if (family === 'csp_report' && reply.statusCode === 204) metrics.cspReport();
    done();
  });
}

/** GET /metrics: the Prometheus text format (on METRICS_PORT when set, else on the portal's port). */
export function registerMetricsRoute(app: FastifyInstance, metrics: PortalMetrics): void {
  app.get('/metrics', async (_request, reply) =>
    reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.exposition()),
  );
}
