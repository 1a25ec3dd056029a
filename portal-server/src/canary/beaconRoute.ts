import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/errorReply.js';
import { parseBody } from '../http/validateBody.js';
import { type RateLimitRule, rateLimitHook, refusedByLimit } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import type { CanaryKeys } from '../remotes/canarySession.js';
import type { RemotesSource } from '../remotes/remotesFile.js';
import { browserOnlyHook } from '../security/browserOnlyGuard.js';
import { sameOriginHook } from '../security/sameOriginGuard.js';
import { NO_STORE } from '../static/cachePolicy.js';
import { type BeaconEvent, BEACON_PATH, BeaconSchema, MAX_BEACON_BYTES } from './beaconSchema.js';
import type { CanaryStats } from './canaryStats.js';
import { cohortResolver } from './sessionCohort.js';

/**
 * Beacons one browser session (one canary key) may send per rate-limit window, whatever its
 * address: a page sends a few per page load (a batch about a second after its first events, and
 * when it is hidden or left), so this is many page loads a minute.
 */
export const BEACONS_PER_SESSION = 30;

/** What the per-session limit counts under: a hash of the key (the store never holds a key itself). */
const sessionLimitKey = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

/** `navigator.sendBeacon` sends a string as text/plain; `fetch` may send JSON. Both carry the same JSON. */
function jsonOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The events of one beacon grouped by build (`remote\0release`). */
function byBuild(events: readonly BeaconEvent[]): Map<string, BeaconEvent[]> {
  const groups = new Map<string, BeaconEvent[]>();
  for (const event of events) {
    const key = `${event.remote}\0${event.release}`;
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  return groups;
}

/**
 * POST /v1/beacon `{ events: [{ remote, release, kind, value?, first? }] }`: what a page saw of each
 * remote build it used (canary analysis, README). Same origin only, counted per client address;
 * only from a session the server dealt a canary key (its sealed `__Host-portal-canary` cookie
 * verifies: else 403, counted nowhere), counted per session too; at most 2 KB, a closed schema;
 * builds remotes.json does not serve the session are ignored. Always 204 for a valid beacon: the
 * page learns nothing about the counts.
 */
export async function registerBeaconRoute(
  app: FastifyInstance,
  options: {
    stats: CanaryStats;
    remotes: RemotesSource;
    publicOrigin: () => string;
    /** Verifies the session's canary cookie (the keys every instance shares). */
    canaryKeys: CanaryKeys;
    rateLimit: { store: RateLimitStore; rule: RateLimitRule };
  },
): Promise<void> {
  const perSession: RateLimitRule = {
    name: `${options.rateLimit.rule.name}-session`,
    limit: BEACONS_PER_SESSION,
    windowMs: options.rateLimit.rule.windowMs,
  };
  await app.register(async (scope) => {
    // Cross-site calls first, uncounted: another site must not spend a visitor's allowance.
    scope.addHook('onRequest', sameOriginHook(options.publicOrigin));
    scope.addHook('onRequest', browserOnlyHook);
    scope.addHook('onRequest', rateLimitHook(options.rateLimit.store, options.rateLimit.rule));
    scope.post(BEACON_PATH, { bodyLimit: MAX_BEACON_BYTES }, async (request, reply) => {
      // The cohort is the sealed key's: a beacon with no key the server dealt has none, and is refused.
      const session = options.canaryKeys.session(request.headers.cookie);
      const key = session.sessionKey;
      if (key === undefined) {
        request.log.warn({ reason: 'no verified canary key' }, 'beacon refused');
        return sendError(reply, 403, 'PORTAL_NO_SESSION', 'No session of this portal');
      }
      const { store } = options.rateLimit;
      if (await refusedByLimit(store, perSession, sessionLimitKey(key), request, reply)) return reply;
      const body = parseBody(BeaconSchema, jsonOf(request.body), reply);
      if (!body) return reply;
      const remotes = await options.remotes.read();
      if (remotes.ok) {
        const cohortOf = cohortResolver(remotes.config, session);
        for (const events of byBuild(body.events).values()) {
          const [{ remote, release }] = events as [BeaconEvent, ...BeaconEvent[]];
          const cohort = cohortOf(remote, release);
          if (cohort) await options.stats.record(remote, release, cohort, events);
        }
      }
      return reply.code(204).header('cache-control', NO_STORE).send();
    });
  });
}
