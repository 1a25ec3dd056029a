import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/errorReply.js';
import type { RemotesSource } from '../remotes/remotesFile.js';
import { NO_STORE } from '../static/cachePolicy.js';

/**
 * GET /remotes.json: the file as it is now, so editing it promotes or rolls back a remote; entries on
 * an origin not pinned by REMOTE_ORIGINS are left out (the host then treats them as failed).
 */
export function registerRemotesJsonRoute(app: FastifyInstance, remotesFile: RemotesSource): void {
  app.get('/remotes.json', async (request, reply) => {
    const result = await remotesFile.read();
    if (!result.ok) {
      request.log.error(
        { remotesConfig: remotesFile.file, reason: result.error },
        'remotes.json unavailable',
      );
      return sendError(reply, 503, 'PORTAL_REMOTES_UNAVAILABLE', 'The remotes configuration is unavailable');
    }
    return reply.header('cache-control', NO_STORE).send(result.config);
  });
}
