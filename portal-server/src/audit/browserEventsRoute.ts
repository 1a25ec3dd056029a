import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { parseBody } from '../http/validateBody.js';
import { type RateLimitRule, rateLimitHook } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import { browserOnlyHook } from '../security/browserOnlyGuard.js';
import { sameOriginHook } from '../security/sameOriginGuard.js';
import { NO_STORE } from '../static/cachePolicy.js';
import type { AuditTrail } from './auditTrail.js';

export const BROWSER_EVENTS_PATH = '/v1/audit/events';

/** What only the page knows: the events it may report (marked `source: 'browser'`). */
export const BROWSER_EVENT_KINDS = ['session.idle-logout'] as const;

/** A report is a few dozen bytes; anything bigger is no report of ours. */
export const MAX_BROWSER_EVENT_BYTES = 1024;

const BrowserEventSchema = v.strictObject({
  event: v.picklist(BROWSER_EVENT_KINDS),
  /** The signed-in User ID, turned into the user key here; never logged. */
  userName: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(256))),
});

/**
 * POST /v1/audit/events `{ event, userName? }`: the one way events reach the trail from the page.
 * Same origin only, counted per client address, at most 1 KB, a closed schema.
 */
export async function registerBrowserEventsRoute(
  app: FastifyInstance,
  options: {
    trail: AuditTrail;
    publicOrigin: () => string;
    rateLimit: { store: RateLimitStore; rule: RateLimitRule };
  },
): Promise<void> {
  await app.register(async (scope) => {
    // Cross-site calls first, uncounted: another site must not spend a visitor's allowance.
    scope.addHook('onRequest', sameOriginHook(options.publicOrigin));
    scope.addHook('onRequest', browserOnlyHook);
    scope.addHook('onRequest', rateLimitHook(options.rateLimit.store, options.rateLimit.rule));
    scope.post(BROWSER_EVENTS_PATH, { bodyLimit: MAX_BROWSER_EVENT_BYTES }, async (request, reply) => {
      const body = parseBody(BrowserEventSchema, request.body, reply);
      if (!body) return reply;
      const userKey = body.userName === undefined ? undefined : options.trail.pseudonyms.user(body.userName);
      options.trail.record(request, { event: body.event, ...(userKey ? { userKey } : {}) }, 'browser');
      return reply.code(204).header('cache-control', NO_STORE).send();
    });
  });
}
