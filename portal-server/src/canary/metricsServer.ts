import Fastify, { type FastifyInstance } from 'fastify';
import { type DependencyChecks, registerDependenciesRoute } from '../health/dependencies.js';
import type { Readiness } from '../health/readiness.js';
import { registerHealthRoutes } from '../health/healthRoutes.js';
import { registerMetricsRoute } from '../metrics/httpMetrics.js';
import type { PortalMetrics } from '../metrics/portalMetrics.js';
import type { CanaryStats } from './canaryStats.js';

export const CANARY_STATS_PATH = '/canary-stats';

/** What the operators' listener serves besides the canary stats. */
export interface OperatorEndpoints {
  stats: CanaryStats;
  /** GET /metrics (Prometheus); undefined with METRICS=off. */
  metrics: PortalMetrics | undefined;
  /** GET /healthz and /readyz, the same as on the portal's port (not rate limited here). */
  readiness: () => Promise<Readiness>;
  /** GET /dependencies: Redis and the SSO, for dashboards and alerts. */
  dependencies: DependencyChecks;
}

/**
 * The operators' listener (METRICS_PORT, on METRICS_HOST, 127.0.0.1 by default): never the
 * portal's public port, so browsers and the internet cannot read what the beacons counted.
 * GET /canary-stats answers every build's counts (release tool: `status --stats`, `--watch`);
 * GET /metrics the Prometheus metrics; GET /healthz and /readyz for a load balancer's checks;
 * GET /dependencies the shared dependencies' state.
 */
export function buildMetricsServer(endpoints: OperatorEndpoints): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get(CANARY_STATS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ builds: await endpoints.stats.read() }),
  );
  if (endpoints.metrics) registerMetricsRoute(app, endpoints.metrics);
  registerHealthRoutes(app, endpoints.readiness);
  registerDependenciesRoute(app, endpoints.dependencies);
  return app;
}

/**
 * Starts the operators' listener when the portal's own starts, and closes it with the portal.
 * Without a port nothing listens: the counts stay in the store (Redis: readable there).
 */
export function listenForOperators(
  app: FastifyInstance,
  endpoints: OperatorEndpoints,
  listen: { port: number | undefined; host: string },
): void {
  const { port, host } = listen;
  if (port === undefined) return;
  const metrics = buildMetricsServer(endpoints);
  // onReady: listen() awaits it, so both ports are open when the portal says it listens.
  app.addHook('onReady', async () => {
    await metrics.listen({ port, host });
    const address = metrics.server.address();
    app.log.info(
      { metrics: typeof address === 'object' && address ? `${address.address}:${address.port}` : address },
      'operator endpoint (canary stats, metrics, health) listening',
    );
  });
  app.addHook('onClose', async () => {
    await metrics.close();
  });
}
