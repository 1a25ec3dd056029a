import type { FastifyInstance } from 'fastify';
import { errors } from './apiError.js';
import { BODY_LIMIT_BYTES as BODY_LIMIT } from './serverLimits.js';

/**
 * Body parsers: form-encoded bodies become a flat string record; JSON bodies are parsed with an empty body
 * allowed (API clients often send Content-Type: application/json on DELETE without a body).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        done(null, JSON.parse(text));
      } catch {
        done(errors.badRequest('Invalid request: body is not valid JSON'), undefined);
      }
    },
  );
}
