import type { FastifyInstance } from 'fastify';
import { NO_STORE } from '../static/cachePolicy.js';

/**
 * Paths whose every reply is `no-store`, whatever a route or the SSO set: token calls (tokens,
 * the refresh cookie), the SSO proxy (flow state, user data, sign-in replies) and configuration.
 */
const ALWAYS_NO_STORE = ['/v1/token/', '/v1/config/', '/common/portal/proxy/'];

/**
 * `Cache-Control: no-store` on every reply that did not choose its caching itself (the page,
 * remotes.json, errors and 404s, /csp-report…), and on every authenticated or token-bearing reply
 * even if it did. Only the static files (host files, remote releases) set their own caching.
 */
export function registerNoStoreDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (ALWAYS_NO_STORE.some((prefix) => path.startsWith(prefix)) || !reply.hasHeader('cache-control')) {
      reply.header('cache-control', NO_STORE);
    }
    return payload;
  });
}
