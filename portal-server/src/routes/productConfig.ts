import type { FastifyInstance } from 'fastify';
import type { ProductConfig } from '../productConfig.js';
import { NO_STORE } from '../static/cachePolicy.js';
import { portalConfigBody } from './configBodies.js';

/** GET /v1/config/portal: the validated product configuration (audience, links, help content). */
export function registerProductConfigRoute(app: FastifyInstance, product: ProductConfig): void {
  const body = portalConfigBody(product);
  app.get('/v1/config/portal', (_request, reply) => reply.header('cache-control', NO_STORE).send(body));
}
