import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AuditFacts } from '../audit/auditEvents.js';
import { type BeaconEvent, ERROR_KINDS } from '../canary/beaconSchema.js';
import type { Cohort } from '../canary/canaryStats.js';
import type { ServedBuild } from '../canary/sessionCohort.js';
import { VITAL_BOUNDS } from '../canary/vitalBuckets.js';

/**
 * The portal server's Prometheus metrics (README, "Metrics"): every label has a bounded set of
 * values (route families, call families, limit names, factor codes, the builds remotes.json serves),
 * and none names a user, an address or a token.
 */

/** Latency buckets (seconds) of the server's replies and of the SSO's answers. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/** The factor codes of spec section 3; anything else the SSO or a page says is counted as 'other'. */
const FACTORS = new Set(['PASSWORD', 'OTP', 'MOBILEOTP', 'PUSH', 'FIDO', 'CUSTOM', 'RECOVERY', 'VIP']);

/** The sign-in events counted as step outcomes (the rest of the trail is sessions and credentials). */
const SIGN_IN_OUTCOMES: Partial<Record<AuditFacts['event'], string>> = {
  'signin.started': 'started',
  'signin.factor.passed': 'passed',
  'signin.factor.failed': 'failed',
  'signin.denied': 'denied',
  'signin.locked': 'locked',
  'signin.allowed': 'allowed',
};

/** Builds (remote, release, cohort) with their own series; more are counted under release 'other'. */
export const MAX_BEACON_BUILDS = 64;

/** A status code as a label: the code itself (a bounded set: the server sends a known few). */
const statusLabel = (status: number) => String(status);

export class PortalMetrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by route family, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from a request arriving to its reply sent, by route family.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly ssoCalls = new Counter({
    name: 'portal_sso_calls_total',
    help: 'Calls to the SSO (through the proxy, and the token calls), by call family and status (0: no answer).',
    labelNames: ['call', 'status'] as const,
    registers: [this.registry],
  });

  private readonly ssoDuration = new Histogram({
    name: 'portal_sso_call_duration_seconds',
    help: "Time from sending a call to the SSO to its reply's end (or its failure), by call family.",
    labelNames: ['call'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly rateLimitRefusals = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by limit.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  private readonly signInSteps = new Counter({
    name: 'portal_sign_in_steps_total',
    help: 'Sign-in step outcomes from the audit trail, by factor and outcome (never a user).',
    labelNames: ['factor', 'outcome', 'source'] as const,
    registers: [this.registry],
  });

  private readonly refreshRefusals = new Counter({
    name: 'portal_refresh_refusals_total',
    help: 'Refresh calls refused (401 PORTAL_SESSION_ENDED: the sign-in ended, expired or was never held).',
    registers: [this.registry],
  });

  private readonly cspReports = new Counter({
    name: 'portal_csp_reports_total',
    help: 'Content-Security-Policy violation reports accepted at /csp-report.',
    registers: [this.registry],
  });

  private readonly integrityFailures = new Counter({
    name: 'portal_remote_integrity_failures_total',
    help: "A live remote's manifest refused by the first-load plan (integrity mismatch, unreadable, misplaced), by remote.",
    labelNames: ['remote'] as const,
    registers: [this.registry],
  });

  private readonly beaconSessions = new Counter({
    name: 'portal_beacon_sessions_total',
    help: 'Page sessions that used a remote build (beacon "loaded"), by remote, release and cohort.',
    labelNames: ['remote', 'release', 'cohort'] as const,
    registers: [this.registry],
  });

  private readonly beaconSessionsWithError = new Counter({
    name: 'portal_beacon_sessions_with_error_total',
    help: 'Of those, the sessions with at least one error of the build.',
    labelNames: ['remote', 'release', 'cohort'] as const,
    registers: [this.registry],
  });

  private readonly beaconErrors = new Counter({
    name: 'portal_beacon_errors_total',
    help: `Sessions with each kind of error of a build (${ERROR_KINDS.join(', ')}).`,
    labelNames: ['remote', 'release', 'cohort', 'kind'] as const,
    registers: [this.registry],
  });

  private readonly vitals = {
    lcp: new Histogram({
      name: 'portal_web_vitals_lcp_seconds',
      help: "Largest Contentful Paint of a build's first screen, per page session.",
      labelNames: ['remote', 'release', 'cohort'] as const,
      buckets: VITAL_BOUNDS.lcp.map((ms) => ms / 1000),
      registers: [this.registry],
    }),
    inp: new Histogram({
      name: 'portal_web_vitals_inp_seconds',
      help: 'Interaction to Next Paint on a build, per page session.',
      labelNames: ['remote', 'release', 'cohort'] as const,
      buckets: VITAL_BOUNDS.inp.map((ms) => ms / 1000),
      registers: [this.registry],
    }),
    cls: new Histogram({
      name: 'portal_web_vitals_cls',
      help: "Cumulative Layout Shift of a build's first screen, per page session.",
      labelNames: ['remote', 'release', 'cohort'] as const,
      buckets: [...VITAL_BOUNDS.cls],
      registers: [this.registry],
    }),
  };

  private readonly builds = new Set<string>();

  private readonly dependencyUp = new Gauge({
    name: 'portal_dependency_up',
    help: 'Whether a shared dependency answers (1) or not (0), as this instance sees it: redis (with REDIS_URL), sso.',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });

  private readonly dependencyOutages = new Counter({
    name: 'portal_dependency_outages_total',
    help: 'Outages of a shared dependency seen by this instance (each begins when it stops answering).',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });

  /**
   * `served`: the builds remotes.json serves now. Their beacon series are exposed from 0 before
   * their first beacon, so increase() and rate() count a canary's first sessions too.
   */
  constructor(private readonly served: () => Promise<readonly ServedBuild[]> = async () => []) {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The text GET /metrics answers. */
  async exposition(): Promise<string> {
    for (const { remote, release, cohort } of await this.served()) {
      const build = `${remote}\0${release}\0${cohort}`;
      // Once per build: its series exist from then on (zero() would reset a histogram).
      if (this.builds.has(build) || this.builds.size >= MAX_BEACON_BUILDS) continue;
      this.builds.add(build);
      const labels = { remote, release, cohort };
      this.beaconSessions.inc(labels, 0);
      this.beaconSessionsWithError.inc(labels, 0);
      for (const vital of Object.values(this.vitals)) vital.zero(labels);
    }
    return this.registry.metrics();
  }

  /** One reply of this server. */
  request(route: string, method: string, status: number, seconds: number): void {
    this.httpRequests.inc({ route, method, status: statusLabel(status) });
    this.httpDuration.observe({ route }, seconds);
  }

  /** One call to the SSO; status 0 when it never answered (unreachable, timed out). */
  ssoCall(call: string, status: number, seconds: number): void {
    this.ssoCalls.inc({ call, status: statusLabel(status) });
    this.ssoDuration.observe({ call }, seconds);
  }

  /**
   * A shared dependency's state changed (up) or is first known. The series exist from then on, so an
   * alert on `portal_dependency_up == 0` or `increase(portal_dependency_outages_total[5m]) > 0`
   * has a series from the start.
   */
  dependency(name: 'redis' | 'sso', up: boolean): void {
    this.dependencyUp.set({ dependency: name }, up ? 1 : 0);
    if (up) this.dependencyOutages.inc({ dependency: name }, 0);
    else this.dependencyOutages.inc({ dependency: name });
  }

  rateLimitRefused(limit: string): void {
    this.rateLimitRefusals.inc({ limit });
  }

  cspReport(): void {
    this.cspReports.inc();
  }

  integrityFailure(remote: string): void {
    this.integrityFailures.inc({ remote });
  }

  /** One line of the audit trail: sign-in outcomes and refresh refusals are counted, without the user. */
  audit(facts: AuditFacts, source: string): void {
    if (facts.event === 'session.refresh-refused') {
      this.refreshRefusals.inc();
      return;
    }
    const outcome = SIGN_IN_OUTCOMES[facts.event];
    if (!outcome) return;
    const factor = facts.factor === undefined ? 'none' : FACTORS.has(facts.factor) ? facts.factor : 'other';
    this.signInSteps.inc({ factor, outcome, source });
  }

  /** One beacon's events of one build (the same events CanaryStats counts for /canary-stats). */
  beacon(remote: string, buildRelease: string, cohort: Cohort, events: readonly BeaconEvent[]): void {
    const build = `${remote}\0${buildRelease}\0${cohort}`;
    if (!this.builds.has(build) && this.builds.size < MAX_BEACON_BUILDS) this.builds.add(build);
    const release = this.builds.has(build) ? buildRelease : 'other';
    const labels = { remote, release, cohort };
    for (const event of events) {
      if (event.kind === 'loaded') this.beaconSessions.inc(labels);
      else if (event.kind === 'lcp' || event.kind === 'inp')
        this.vitals[event.kind].observe(labels, event.value / 1000);
      else if (event.kind === 'cls') this.vitals.cls.observe(labels, event.value);
      else {
        this.beaconErrors.inc({ ...labels, kind: event.kind });
        if ('first' in event && event.first) this.beaconSessionsWithError.inc(labels);
      }
    }
  }
}
