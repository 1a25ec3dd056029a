import type { FastifyInstance } from 'fastify';
import type { StoreHealth } from '../shared/storeHealth.js';
import { NO_STORE } from '../static/cachePolicy.js';
import type { SsoReachability } from './ssoReachability.js';

export const DEPENDENCIES_PATH = '/dependencies';

/** One shared dependency's state as /dependencies reports it. */
export interface DependencyState {
  state: 'ok' | 'failing';
  [detail: string]: string | number;
}

export interface DependencyChecks {
  /** The shared store (only with REDIS_URL): its health, and a PING that updates it. */
  redis: { health: StoreHealth; probe: () => Promise<void> } | undefined;
  sso: SsoReachability;
}

/**
 * GET /dependencies: what this instance depends on but cannot fix alone, for dashboards and alerts
 * (README, "Operating the portal server"): Redis (an outage: the limits count per instance, sign-ins
 * go on) and the SSO (unreachable: every sign-in fails). 200 when all are ok, 503 when any fails.
 * Never a load balancer's or an orchestrator's probe: an outage of a shared dependency fails every
 * instance at once, and taking them all out of the pool would take the pages down too (/readyz
 * answers only for this instance). Served on the operators' listener (METRICS_PORT).
 */
export function registerDependenciesRoute(app: FastifyInstance, checks: DependencyChecks): void {
  app.get(DEPENDENCIES_PATH, async (_request, reply) => {
    if (checks.redis) await checks.redis.probe();
    const dependencies: Record<string, DependencyState> = {
      ...(checks.redis ? { redis: { ...checks.redis.health.state() } } : {}),
      sso: await checks.sso.state(),
    };
    const ok = Object.values(dependencies).every((dependency) => dependency.state === 'ok');
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', NO_STORE)
      .send({ status: ok ? 'ok' : 'failing', dependencies });
  });
}
