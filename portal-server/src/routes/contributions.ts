import type { FastifyInstance } from 'fastify';
import type { LiveContributions } from '../firstLoad/liveContributions.js';
import type { SessionRemotes } from '../firstLoad/sessionRemotes.js';
import { CanarySession } from '../remotes/canarySession.js';
import { NO_STORE } from '../static/cachePolicy.js';

export interface ContributionsRouteOptions {
  remotes: SessionRemotes;
  contributions: LiveContributions;
}

/**
 * GET /v1/config/contributions: the live builds' contributions merged for this browser session
 * (its canary builds included), the same body as the page's bootstrap block carries, for a page
 * without start-up data. no-store: promoting or rolling back a remote changes it.
 */
export function registerContributionsRoute(app: FastifyInstance, options: ContributionsRouteOptions): void {
  app.get('/v1/config/contributions', async (request, reply) => {
    const session = new CanarySession(request.headers.cookie);
    const merged = options.contributions.merge(await options.remotes.read(session));
    const cookie = session.setCookie();
    if (cookie) reply.header('set-cookie', cookie);
    return reply.header('cache-control', NO_STORE).send(merged);
  });
}
