import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { sendError } from '../http/errorReply.js';
import { parseBody } from '../http/validateBody.js';
import { type RateLimitRule, rateLimitHook, refusedByLimit } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import { browserOnlyHook } from '../security/browserOnlyGuard.js';
import { sameOriginHook } from '../security/sameOriginGuard.js';
import { NO_STORE } from '../static/cachePolicy.js';
import { handleCookieId } from '../tokens/custody/refreshHandle.js';
import type { RefreshTokenCustody } from '../tokens/custody/refreshTokenCustody.js';
import type { AuditTrail } from './auditTrail.js';
import { signInUserKey } from './tokenAudit.js';

export const BROWSER_EVENTS_PATH = '/v1/audit/events';

/** What only the page knows: the events it may report (marked `source: 'browser'`). */
export const BROWSER_EVENT_KINDS = ['session.idle-logout'] as const;

/** A report is a few dozen bytes; anything bigger is no report of ours. */
export const MAX_BROWSER_EVENT_BYTES = 1024;

/**
 * How long past the refresh cookie's idle limit (REFRESH_IDLE_SECONDS) an idle logout is still
 * taken. The page refreshes while idle (at most MAX_REFRESH_INTERVAL_MS, 9 minutes, after its last
 * tokens), so at its idle logout the cookie is normally at most 9 minutes unused; a timer run late
 * (a throttled background tab, a slow network) can pass the 10. Never past the sign-in's absolute
 * lifetime.
 */
export const IDLE_LOGOUT_GRACE_SECONDS = 120;

/** Reports one sign-in may send per rate-limit window, whatever its address: an idle logout is one. */
export const AUDIT_EVENTS_PER_SESSION = 3;

const BrowserEventSchema = v.strictObject({
  event: v.picklist(BROWSER_EVENT_KINDS),
  /**
   * The sign-in's refresh handle (refreshHandle.ts), the field the refresh call carries it in: the
   * event counts only for a sign-in whose sealed cookie this handle opens, and the user is the one
   * sealed in it. Checked by the custody (a malformed one: no session, 401).
   */
  refresh_token: v.optional(v.pipe(v.string(), v.maxLength(128))),
});

/**
 * POST /v1/audit/events `{ event, refresh_token }`: the one way events reach the trail from the
 * page. Same origin only, counted per client address; only for a sign-in this server issued (its
 * sealed refresh cookie, opened with the handle: else 401 and nothing in the trail), counted per
 * sign-in too; at most 1 KB, a closed schema. The user key is the sealed sign-in's, never the page's word.
 */
export async function registerBrowserEventsRoute(
  app: FastifyInstance,
  options: {
    trail: AuditTrail;
    custody: RefreshTokenCustody;
    publicOrigin: () => string;
    rateLimit: { store: RateLimitStore; rule: RateLimitRule };
  },
): Promise<void> {
  const perSession: RateLimitRule = {
    name: `${options.rateLimit.rule.name}-session`,
    limit: AUDIT_EVENTS_PER_SESSION,
    windowMs: options.rateLimit.rule.windowMs,
  };
  await app.register(async (scope) => {
    // Cross-site calls first, uncounted: another site must not spend a visitor's allowance.
    scope.addHook('onRequest', sameOriginHook(options.publicOrigin));
    scope.addHook('onRequest', browserOnlyHook);
    scope.addHook('onRequest', rateLimitHook(options.rateLimit.store, options.rateLimit.rule));
    scope.post(BROWSER_EVENTS_PATH, { bodyLimit: MAX_BROWSER_EVENT_BYTES }, async (request, reply) => {
      const body = parseBody(BrowserEventSchema, request.body, reply);
      if (!body) return reply;
      // The page reports before logout revokes, and a revoke changes nothing in the sealed cookie
      // this request carries: the order of the two calls does not matter.
      const held = options.custody.held(request, body.refresh_token, {
        idleGraceSeconds: IDLE_LOGOUT_GRACE_SECONDS,
      });
      if (!held.ok) {
        request.log.warn(
          { reason: held.reason, event: body.event },
          'audit event refused: no signed-in session',
        );
        return sendError(reply, 401, 'PORTAL_NO_SESSION', 'No signed-in session');
      }
      const sessionKey = handleCookieId(held.handle);
      if (await refusedByLimit(options.rateLimit.store, perSession, sessionKey, request, reply)) return reply;
      const userKey = signInUserKey(options.trail, held);
      options.trail.record(request, { event: body.event, ...(userKey ? { userKey } : {}) }, 'browser');
      return reply.code(204).header('cache-control', NO_STORE).send();
    });
  });
}
