import type { FastifyInstance } from 'fastify';

/**
 * GET /healthz (the process answers) and GET /readyz (it can serve a sign-in: its signing keys are
 * made, which createEmulator does before any route exists; 503 once it is closing). Plain JSON
 * naming each check, nothing about the configuration.
 */
export function registerHealthRoutes(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (_request, reply) =>
    reply
      .code(closing ? 503 : 200)
      .header('cache-control', 'no-store')
      .send({
        status: closing ? 'not ready' : 'ready',
        checks: { signingKeys: 'ok', shutdown: closing ? 'draining' : 'ok' },
      }),
  );
}
