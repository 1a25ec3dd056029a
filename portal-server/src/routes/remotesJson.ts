import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/errorReply.js';
import type { CanaryKeys } from '../remotes/canarySession.js';
import type { RemotesSource } from '../remotes/remotesFile.js';
import { NO_STORE } from '../static/cachePolicy.js';

/**
 * GET /remotes.json: the file as it is now, so editing it promotes or rolls back a remote; entries on
 * an origin not pinned by REMOTE_ORIGINS are left out (the host then treats them as failed), and a
 * canary is resolved to the build this browser session uses (docs/architecture.md).
 */
export function registerRemotesJsonRoute(
  app: FastifyInstance,
  remotesFile: RemotesSource,
  canaryKeys: CanaryKeys,
): void {
  app.get('/remotes.json', async (request, reply) => {
    const result = await remotesFile.read();
    if (!result.ok) {
      request.log.error(
        { remotesConfig: remotesFile.file, reason: result.error },
        'remotes.json unavailable',
      );
      return sendError(reply, 503, 'PORTAL_REMOTES_UNAVAILABLE', 'The remotes configuration is unavailable');
    }
    // The builds this browser session uses: with a canary running, its share of sessions gets it.
    const session = canaryKeys.session(request.headers.cookie);
    const builds = session.builds(result.config);
    const cookie = session.setCookie();
    if (cookie) reply.header('set-cookie', cookie);
    return reply.header('cache-control', NO_STORE).send(builds);
  });
}
