import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/** The error shape every portal endpoint replies with (the SPA reads errorCode and errorMessage). */
export interface ErrorBody {
  errorCode: string;
  errorMessage: string;
}

export function sendError(reply: FastifyReply, status: number, errorCode: string, errorMessage: string) {
  const body: ErrorBody = { errorCode, errorMessage };
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/** Turns framework errors (bad JSON, body too large...) into the same JSON shape; hides 5xx details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'PORTAL_INTERNAL', 'Internal server error');
    }
    return sendError(reply, status, 'PORTAL_BAD_REQUEST', error.message);
  });
}
