import type { FastifyInstance } from 'fastify';
import type { PortalServerConfig } from '../config.js';
import { NO_STORE } from '../static/cachePolicy.js';
import { environmentBody } from './configBodies.js';

/** GET /v1/config/environment: what the SPA reads before anything else (spec section 7, start-up). */
export function registerEnvironmentRoute(
  app: FastifyInstance,
  config: PortalServerConfig,
  publicOrigin: () => string,
): void {
  app.get('/v1/config/environment', (_request, reply) =>
    reply.header('cache-control', NO_STORE).send(environmentBody(config, publicOrigin())),
  );
}
