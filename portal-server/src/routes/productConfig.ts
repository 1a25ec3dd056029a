import type { FastifyInstance } from 'fastify';
import { NO_STORE } from '../static/cachePolicy.js';
import type { PortalConfigBody } from './configBodies.js';

/**
 * GET /v1/config/portal: the validated product configuration (audience, links, help content) and
 * the theme's product name and logo (portalConfigBody).
 */
export function registerProductConfigRoute(app: FastifyInstance, body: PortalConfigBody): void {
  app.get('/v1/config/portal', (_request, reply) => reply.header('cache-control', NO_STORE).send(body));
}
