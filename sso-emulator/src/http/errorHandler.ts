import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './apiError.js';

/** Every failure leaves as JSON { errorCode, errorMessage }; client mistakes never become a 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(error.toBody());
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'unhandled error');
    return reply.code(status).send({
      errorCode: status === 500 ? '0000500' : `0000${status}`,
      errorMessage: status === 500 ? 'Internal server error' : error.message,
    });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ errorCode: '0000404', errorMessage: 'Not found' }),
  );
}
