import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { auditLogger, AuditTrail } from './audit/auditTrail.js';
import { registerBrowserEventsRoute } from './audit/browserEventsRoute.js';
import { registerBeaconRoute } from './canary/beaconRoute.js';
import { CanaryStats } from './canary/canaryStats.js';
import { type ServedBuild, servedBuilds } from './canary/sessionCohort.js';
import { ScreenMarkup } from './firstLoad/screenMarkup.js';
import { listenForOperators } from './canary/metricsServer.js';
import { ProxyAudit } from './audit/proxyAudit.js';
import { Pseudonymizer } from './audit/pseudonymizer.js';
import { tokenAudit } from './audit/tokenAudit.js';
import type { PortalServerConfig } from './config.js';
import { FOREIGN_MANIFEST_DEFAULTS, ForeignManifests } from './firstLoad/foreignManifests.js';
import { FirstLoadPage } from './firstLoad/firstLoadPage.js';
import { LiveContributions } from './firstLoad/liveContributions.js';
import { RemoteManifests } from './firstLoad/remoteManifests.js';
import { SessionRemotes } from './firstLoad/sessionRemotes.js';
import { HOST_CONFIG_FILE } from './host/hostEntry.js';
import { HostSource } from './host/hostSource.js';
import { registerDependenciesRoute } from './health/dependencies.js';
import { isReadableFolder, reusedReadiness } from './health/readiness.js';
import { registerHealthRoutes } from './health/healthRoutes.js';
import { SsoReachability } from './health/ssoReachability.js';
import { registerDynamicCompression } from './http/dynamicCompression.js';
import { registerOverloadGuard } from './http/overload.js';
import { DrainState } from './lifecycle/gracefulShutdown.js';
import { registerHttpMetrics, registerMetricsRoute } from './metrics/httpMetrics.js';
import { PortalMetrics } from './metrics/portalMetrics.js';
import {
  OWN_SPAN_PROPAGATOR,
  registerRequestTracing,
  tracingChildLoggerFactory,
} from './tracing/requestTrace.js';
import { registerErrorHandler } from './http/errorReply.js';
import { serverLimitOptions } from './http/serverLimits.js';
import { type LoggerSetup, loggerOptions } from './logging.js';
import { ContributedCalls } from './proxy/contributedCalls.js';
import { registerSsoProxy } from './proxy/ssoProxy.js';
import { serviceUrlIsProxy } from './proxy/proxyTarget.js';
import { CanaryKeys } from './remotes/canarySession.js';
import { DevRemotes } from './remotes/devRemotes.js';
import { PinnedRemotesFile } from './remotes/pinnedRemotes.js';
import { RemotesFile, type RemotesSource } from './remotes/remotesFile.js';
import { environmentBody, portalConfigBody, serviceUrlOf } from './routes/configBodies.js';
import { registerContributionsRoute } from './routes/contributions.js';
import { registerCspReportRoute } from './routes/cspReport.js';
import { registerEnvironmentRoute } from './routes/environment.js';
import { registerProductConfigRoute } from './routes/productConfig.js';
import { registerRemotesJsonRoute } from './routes/remotesJson.js';
import { registerNoStoreDefault } from './security/noStore.js';
import { registerSecurityHeaders } from './security/securityHeaders.js';
import { loadEmeaCookiesPage, registerEmeaCookiesPage } from './static/emeaCookiesPage.js';
import { registerHostApp } from './static/hostApp.js';
import { registerRemoteReleases } from './static/remoteReleases.js';
import { registerThemeRoutes } from './theme/themeRoutes.js';
import type { RateLimitStore } from './rateLimit/rateLimitStore.js';
import type { CounterStore } from './shared/counterStore.js';
import { sharedStores } from './shared/sharedStores.js';
import { REFRESH_COOKIE_PREFIX } from './tokens/custody/refreshCookie.js';
import {
  REFRESH_COOKIES_PER_BROWSER,
  REFRESH_IDLE_SECONDS,
  RefreshTokenCustody,
} from './tokens/custody/refreshTokenCustody.js';
import { TokenSealer } from './tokens/custody/tokenSealer.js';
import { SsoTokenClient } from './tokens/ssoTokenClient.js';
import { registerTokenRoutes } from './tokens/tokenRoutes.js';

export interface BuildOptions {
  /** Where log lines go (tests read them); default stdout. */
  logStream?: LoggerSetup['stream'];
  /** The cache of manifests on other origins (tests shorten its timeouts). */
  foreignManifests?: ForeignManifests;
  /**
   * Where the rate limits count; default Redis when REDIS_URL is set, else one process's memory.
   * Instances behind a load balancer share their limits by sharing a store (README, "Running
   * several portal servers").
   */
  rateLimitStore?: RateLimitStore;
  /** Counters the instances share (the canary beacons per build, README "Canary analysis"); the same default. */
  counterStore?: CounterStore;
  /** Set to draining by the signal handler (main.ts): /readyz then answers 503. */
  drain?: DrainState;
  /** The static pages' words and stylesheet (/emea-cookies); default the package's content/. */
  contentDir?: string;
}

/** The service name on exported spans. */
const SERVICE_NAME = 'portal-server';

/** How long a dev server's manifest is reused (DEV_REMOTES): a reload after a rebuild sees the new one. */
const DEV_MANIFEST_TTL_MS = 1000;

/** The portal's own origin: host app, remote releases, configuration, token calls and the SSO proxy. */
export async function buildServer(
  config: PortalServerConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // The static page's words, checked before anything starts: a malformed file stops the server here.
  const emeaCookiesPage = loadEmeaCookiesPage(options.contentDir);
  // OpenTelemetry only when asked for: without OTEL_EXPORTER_OTLP_ENDPOINT none of it is loaded.
  const otel = config.otlpEndpoint
    ? (await import('./tracing/otel.js')).startOtel(config.otlpEndpoint, SERVICE_NAME)
    : undefined;
  const app = Fastify({
    logger: loggerOptions({
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
    }),
    // Every log line of a request carries its W3C trace id (tracing/requestTrace.ts).
    childLoggerFactory: tracingChildLoggerFactory({ writeBackTraceparent: otel !== undefined }),
    return503OnClosing: true,
    ...serverLimitOptions(config.limits, config.trustProxy),
  });
  if (otel) {
    await app.register(otel.plugin);
    app.addHook('onClose', otel.shutdown);
  }
  registerRequestTracing(app, { propagator: otel?.propagator ?? OWN_SPAN_PROPAGATOR });
  registerOverloadGuard(app, config.overloadMaxLagMs);
  // Beacon series of the builds remotes.json serves start at 0 (set once remotesFile exists below).
  let served: () => Promise<ServedBuild[]> = async () => [];
  const metrics = config.metricsEnabled ? new PortalMetrics(() => served()) : undefined;
  if (metrics) registerHttpMetrics(app, metrics);
  const drain = options.drain ?? new DrainState();
  // Draining: each reply closes its connection, so a load balancer's keep-alive connections end
  // while this instance still answers, not when it stops accepting.
  app.addHook('onRequest', (_request, reply, done) => {
    if (drain.draining) reply.header('connection', 'close');
    done();
  });

  /** PUBLIC_ORIGIN, or http://localhost:<port actually bound> (PORT=0 picks one at listen time). */
  const publicOrigin = (): string => {
    if (config.publicOrigin) return config.publicOrigin;
    const address = app.server.address() as AddressInfo | string | null;
    const port = address && typeof address === 'object' ? address.port : config.port;
    return `http://localhost:${port}`;
  };
  const pinnedRemotes = new PinnedRemotesFile({
    remotesFile: new RemotesFile(config.remotesConfigFile),
    remoteOrigins: config.remoteOrigins,
    publicOrigin,
    log: app.log,
  });
  // Manifests on other origins; a dev server (DEV_REMOTES) rebuilds often, so its manifest is
  // reused for a second only.
  const foreignManifests =
    options.foreignManifests ??
    new ForeignManifests({
      ...FOREIGN_MANIFEST_DEFAULTS,
      ...(config.devRemotes.size > 0 ? { ttlMs: DEV_MANIFEST_TTL_MS } : {}),
      // Dev servers and tests listen on loopback; production never fetches an internal address.
      allowInternalTargets: !config.production,
    });
  let remotesFile: RemotesSource = pinnedRemotes;
  if (config.devRemotes.size > 0) {
    remotesFile = new DevRemotes({
      base: pinnedRemotes,
      devRemotes: config.devRemotes,
      manifests: foreignManifests,
      log: app.log,
    });
    app.log.warn(
      { devRemotes: Object.fromEntries(config.devRemotes) },
      'DEV_REMOTES: these remotes come from development servers',
    );
  }
  served = async () => {
    const remotes = await remotesFile.read();
    return remotes.ok ? servedBuilds(remotes.config) : [];
  };
  // The session's builds with their manifests, and their contributions merged: the page's
  // first-load plan and GET /v1/config/contributions are made from the same two.
  const sessionRemotes = new SessionRemotes(
    remotesFile,
    new RemoteManifests({
      releasesDir: config.releasesDir,
      publicOrigin,
      remoteOrigins: config.remoteOrigins,
      log: app.log,
      foreign: foreignManifests,
      onIntegrityFailure: metrics && ((remote) => metrics.integrityFailure(remote)),
    }),
  );
  const liveContributions = new LiveContributions(app.log, (merged) => contributedCalls.note(merged));
  // The proxy passes the calls the live builds (and, for a while, builds pages were given) name.
  const contributedCalls = new ContributedCalls(async () =>
    liveContributions.merge(await sessionRemotes.read()),
  );
  // Rate limits, counters and the flows' users: in Redis with REDIS_URL (one connection, closed with
  // the server), each instance counting its share alone while Redis is down.
  const stores = sharedStores(config.redis, app.log, {
    rateLimitStore: options.rateLimitStore,
    counterStore: options.counterStore,
    instances: config.instances,
    onHealthChange: metrics && ((up) => metrics.dependency('redis', up)),
  });
  if (stores.redis) metrics?.dependency('redis', true);
  // Whether the SSO answers: every call to it tells (the proxy's and the token client's).
  const ssoReachability = new SsoReachability(
    config.ssoBaseUrl,
    metrics && ((up) => metrics.dependency('sso', up)),
  );
  metrics?.dependency('sso', true);
  const observeSsoCall = (call: string, status: number, seconds: number) => {
    metrics?.ssoCall(call, status, seconds);
    ssoReachability.observe(status);
  };
  app.addHook('onClose', stores.close);
  const { rateLimitStore } = stores;
  const canaryStats = new CanaryStats(stores.counterStore, undefined, metrics?.beacon.bind(metrics));
  // Canary keys are sealed with a MAC key derived from the same keys (one purpose each).
  const canaryKeys = new CanaryKeys(config.tokenSealingKeys);
  const custody = new RefreshTokenCustody(
    new TokenSealer({ keys: config.tokenSealingKeys, purpose: REFRESH_COOKIE_PREFIX }),
    {
      maxAgeSeconds: config.refreshSessionMaxAgeSeconds,
      idleSeconds: REFRESH_IDLE_SECONDS,
      maxCookies: REFRESH_COOKIES_PER_BROWSER,
    },
  );
  const sso = new SsoTokenClient({
    ssoBaseUrl: config.ssoBaseUrl,
    clientId: config.ssoClientId,
    clientSecret: config.ssoClientSecret,
    timeoutMs: config.proxyTimeoutMs,
    observe: observeSsoCall,
  });
  if (config.tokenSealingKeyGenerated) {
    app.log.warn(
      'TOKEN_SEALING_KEYS is not set: refresh cookies are sealed with a key of this process only (a restart or another instance ends every session)',
    );
  }

  const auditTrail = new AuditTrail(
    auditLogger(app.log, config.logLevel),
    new Pseudonymizer(config.auditPseudonymKey),
    undefined,
    metrics?.audit.bind(metrics),
  );
  if (config.auditPseudonymKeyGenerated) {
    app.log.warn(
      "AUDIT_PSEUDONYM_KEY is not set: the audit trail's user keys come from a key of this process only (they change at restart and differ between instances)",
    );
  }

  // The product configuration with what the header shows of the theme: the route's body and the page's.
  const portalConfig = portalConfigBody(config.product, config.theme?.brand);

  registerErrorHandler(app);
  registerSecurityHeaders(app, { config, publicOrigin });
  registerNoStoreDefault(app);

  // Dynamic replies are compressed inside this scope; the static files outside it are precompressed.
  await app.register(async (dynamic) => {
    await registerDynamicCompression(dynamic);
    registerEnvironmentRoute(dynamic, config, publicOrigin);
    registerProductConfigRoute(dynamic, portalConfig);
    registerRemotesJsonRoute(dynamic, remotesFile, canaryKeys);
    registerContributionsRoute(dynamic, {
      remotes: sessionRemotes,
      contributions: liveContributions,
      canaryKeys,
    });
    await registerTokenRoutes(dynamic, {
      sso,
      custody,
      publicOrigin,
      rateLimit: {
        store: rateLimitStore,
        rule: { name: 'token', limit: config.tokenRateLimit, windowMs: config.rateLimitWindowMs },
      },
      audit: tokenAudit(auditTrail),
    });
    await registerSsoProxy(dynamic, {
      contributedCalls: () => contributedCalls.current(),
      ssoBaseUrl: config.ssoBaseUrl,
      timeoutMs: config.proxyTimeoutMs,
      bodyLimitBytes: config.limits.bodyLimitBytes,
      forwardClientAddress: config.trustProxy !== false,
      rateLimit: {
        store: rateLimitStore,
        perAddress: { name: 'proxy', limit: config.proxyRateLimit, windowMs: config.rateLimitWindowMs },
        perUser: { name: 'proxy-user', limit: config.proxyUserRateLimit, windowMs: config.rateLimitWindowMs },
        flows: stores.flows,
      },
      audit: new ProxyAudit(auditTrail),
      signIn: { sso, custody, publicOrigin },
      keepsTrustedDevice: () => serviceUrlIsProxy(serviceUrlOf(config, publicOrigin()), publicOrigin()),
      observeSsoCall,
    });
    await registerBrowserEventsRoute(dynamic, {
      trail: auditTrail,
      custody,
      publicOrigin,
      rateLimit: {
        store: rateLimitStore,
        rule: { name: 'audit', limit: config.auditEventRateLimit, windowMs: config.rateLimitWindowMs },
      },
    });
    await registerBeaconRoute(dynamic, {
      stats: canaryStats,
      remotes: remotesFile,
      publicOrigin,
      canaryKeys,
      rateLimit: {
        store: rateLimitStore,
        rule: { name: 'beacon', limit: config.beaconRateLimit, windowMs: config.rateLimitWindowMs },
      },
    });
  });
  // host.json beside remotes.json names the live host release (the release tool writes both).
  const host = new HostSource({
    hostDist: config.hostDist,
    releasesDir: config.releasesDir,
    hostConfigFile: path.join(path.dirname(config.remotesConfigFile), HOST_CONFIG_FILE),
    log: app.log,
  });
  // Health on the portal's port always (a load balancer's checks, rate limited per address), and on
  // the operators' listener. /readyz asks only what this instance alone can fix.
  const readiness = reusedReadiness({
    releases: () => isReadableFolder(config.releasesDir),
    remotesConfig: async () => (await remotesFile.read()).ok,
    host: () => host.present(),
    draining: () => drain.draining,
  });
  registerHealthRoutes(app, readiness, {
    name: 'readyz',
    limit: config.readyzRateLimit,
    windowMs: config.rateLimitWindowMs,
  });
  const dependencies = { redis: stores.redis, sso: ssoReachability };
  // /metrics and /dependencies on METRICS_PORT when set, else on the portal's own port (outside
  // production only: production refuses to start without METRICS_PORT unless METRICS=off).
  if (config.metricsPort === undefined && !config.production) {
    if (metrics) registerMetricsRoute(app, metrics);
    registerDependenciesRoute(app, dependencies);
  }
  listenForOperators(
    app,
    { stats: canaryStats, metrics, readiness, dependencies },
    { port: config.metricsPort, host: config.metricsHost },
  );
  await registerCspReportRoute(app, {
    store: rateLimitStore,
    rule: { name: 'csp-report', limit: config.cspReportRateLimit, windowMs: config.rateLimitWindowMs },
  });
  registerEmeaCookiesPage(app, emeaCookiesPage);
  if (config.theme) registerThemeRoutes(app, config.theme);
  await registerHostApp(app, {
    hostDist: config.hostDist,
    host,
    production: config.production,
    canaryKeys,
    page: new FirstLoadPage({
      host,
      remotes: sessionRemotes,
      contributions: liveContributions,
      environment: () => environmentBody(config, publicOrigin()),
      portalConfig,
      ...(config.theme ? { theme: config.theme } : {}),
      log: app.log,
      screenMarkup: new ScreenMarkup(config.releasesDir, app.log),
      publicOrigin,
    }),
  });
  await registerRemoteReleases(app, {
    releasesDir: config.releasesDir,
    publicOrigin,
    production: config.production,
  });

  return app;
}
