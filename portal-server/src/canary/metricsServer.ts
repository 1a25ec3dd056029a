import Fastify, { type FastifyInstance } from 'fastify';
import type { CanaryStats } from './canaryStats.js';

export const CANARY_STATS_PATH = '/canary-stats';

/**
 * The operators' listener (METRICS_PORT, on METRICS_HOST, 127.0.0.1 by default): never the
 * portal's public port, so browsers and the internet cannot read what the beacons counted.
 * GET /canary-stats answers every build's counts (release tool: `status --stats`, `--watch`).
 */
export function buildMetricsServer(stats: CanaryStats): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get(CANARY_STATS_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ builds: await stats.read() }),
  );
  return app;
}

/**
 * Starts the operators' listener when the portal's own starts, and closes it with the portal.
 * Without a port nothing listens: the counts stay in the store (Redis: readable there).
 */
export function listenForOperators(
  app: FastifyInstance,
  stats: CanaryStats,
  listen: { port: number | undefined; host: string },
): void {
  const { port, host } = listen;
  if (port === undefined) return;
  const metrics = buildMetricsServer(stats);
  // onReady: listen() awaits it, so both ports are open when the portal says it listens.
  app.addHook('onReady', async () => {
    await metrics.listen({ port, host });
    const address = metrics.server.address();
    app.log.info(
      { metrics: typeof address === 'object' && address ? `${address.address}:${address.port}` : address },
      'operator endpoint (canary stats) listening',
    );
  });
  app.addHook('onClose', async () => {
    await metrics.close();
  });
}
