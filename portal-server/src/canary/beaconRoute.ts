import type { FastifyInstance } from 'fastify';
import { parseBody } from '../http/validateBody.js';
import { type RateLimitRule, rateLimitHook } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import type { RemotesSource } from '../remotes/remotesFile.js';
import { browserOnlyHook } from '../security/browserOnlyGuard.js';
import { sameOriginHook } from '../security/sameOriginGuard.js';
import { NO_STORE } from '../static/cachePolicy.js';
import { type BeaconEvent, BEACON_PATH, BeaconSchema, MAX_BEACON_BYTES } from './beaconSchema.js';
import type { CanaryStats } from './canaryStats.js';
import { cohortResolver } from './sessionCohort.js';

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
 * remote build it used (canary analysis, README). Same origin only, counted per client address,
 * at most 2 KB, a closed schema; builds remotes.json does not serve the session are ignored.
 * Always 204 for a valid beacon: the page learns nothing about the counts.
 */
export async function registerBeaconRoute(
  app: FastifyInstance,
  options: {
    stats: CanaryStats;
    remotes: RemotesSource;
    publicOrigin: () => string;
    rateLimit: { store: RateLimitStore; rule: RateLimitRule };
  },
): Promise<void> {
  await app.register(async (scope) => {
    // Cross-site calls first, uncounted: another site must not spend a visitor's allowance.
    scope.addHook('onRequest', sameOriginHook(options.publicOrigin));
    scope.addHook('onRequest', browserOnlyHook);
    scope.addHook('onRequest', rateLimitHook(options.rateLimit.store, options.rateLimit.rule));
    scope.post(BEACON_PATH, { bodyLimit: MAX_BEACON_BYTES }, async (request, reply) => {
      const body = parseBody(BeaconSchema, jsonOf(request.body), reply);
      if (!body) return reply;
      const remotes = await options.remotes.read();
      if (remotes.ok) {
        const cohortOf = cohortResolver(remotes.config, request.headers.cookie);
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
