import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import {
  baseUrlValue,
  byteCount,
  devRemotesValue,
  httpUrlValue,
  type LogLevel,
  logLevelValue,
  millisOrZero,
  nodeEnvValue,
  nonEmpty,
  onOffValue,
  originListValue,
  originValue,
  portValue,
  positiveMillis,
  positiveWhole,
  redisKeyPrefixValue,
  redisUrlValue,
  type RiskType,
  riskTypeValue,
  type TrustedTypesMode,
  type TrustProxy,
  trustedTypesModeValue,
  trustProxyValue,
  sealingKeysValue,
} from './env/envValues.js';
import { PSEUDONYM_KEY_MIN_BYTES, pseudonymKeyValue } from './audit/pseudonymizer.js';
import {
  DEV_SSO_BASE_URL,
  DEV_SSO_CLIENT_SECRET,
  missingNodeEnvProblem,
  productionProblems,
} from './env/productionRules.js';
import { type ProductConfig, readProductConfig } from './productConfig.js';
import type { RedisSettings } from './shared/redisClient.js';
import { loadTheme, type Theme } from './theme/loadTheme.js';
import { SEALING_KEY_BYTES, type SealingKey, sealingKey } from './tokens/custody/sealingKeys.js';

/** Everything the server needs, taken from environment variables only. */
export interface PortalServerConfig {
  port: number;
  host: string;
  /** The portal's own origin; undefined means http://localhost:<bound port>, known once listening. */
  publicOrigin: string | undefined;
  /** Tenant base URL of the SSO: token endpoints and the proxy target. */
  ssoBaseUrl: string;
  /**
   * baseServiceUrl given to the browser; undefined (the default): this server's own proxy,
   * `<PUBLIC_ORIGIN>/common/portal/proxy/`, so every sign-in reply passes token custody.
   */
  serviceUrl: string | undefined;
  ssoClientId: string;
  ssoClientSecret: string;
  riskType: RiskType;
  hostDist: string;
  releasesDir: string;
  remotesConfigFile: string;
  product: ProductConfig;
  /**
   * The brand (THEME_FILE, default themes/default/theme.json): checked at start, carried inline by
   * every page and named in the page configuration. Undefined (tests only): the host as built.
   */
  theme?: Theme;
  extraScriptOrigins: string[];
  /**
   * Origins remotes may be loaded from besides the portal's own (REMOTE_ORIGINS). remotes.json
   * never widens it: an entry on another origin is refused, and the CSP is built from this list.
   */
  remoteOrigins: string[];
  /**
   * DEV_REMOTES (development only): remotes served by their dev servers, by name → manifest URL.
   * Their entries in remotes.json are replaced with the manifest's current integrity on every
   * read, and their origins are pinned (in remoteOrigins) for as long as the setting is there.
   */
  devRemotes: ReadonlyMap<string, string>;
  idpOrigins: string[];
  embedOrigins: string[];
  proxyTimeoutMs: number;
  logLevel: LogLevel;
  /** NODE_ENV=production: the production rules were checked, source maps and build stats are not served. */
  production: boolean;
  limits: ServerLimits;
  /** Who may set the client address through X-Forwarded-For (Fastify trustProxy). */
  trustProxy: TrustProxy;
  /** Trusted Types in the CSP. */
  trustedTypes: TrustedTypesMode;
  /** Seal refresh tokens into their cookie: the first key seals, every key opens. */
  tokenSealingKeys: SealingKey[];
  /** true: no TOKEN_SEALING_KEYS, a random key of this process (development only). */
  tokenSealingKeyGenerated: boolean;
  /** The longest a sign-in's refresh cookie is redeemed, counted from the sign-in (seconds). */
  refreshSessionMaxAgeSeconds: number;
  /** Requests per client address per window to /v1/token/*. */
  tokenRateLimit: number;
  /** Reports per client address per window to /csp-report. */
  cspReportRateLimit: number;
  /** Calls per client address per window to the SSO proxy (/common/portal/proxy/*). */
  proxyRateLimit: number;
  /** Sign-in calls through the proxy per user name per window, whatever the address. */
  proxyUserRateLimit: number;
  rateLimitWindowMs: number;
  /** The HMAC key of the audit trail's pseudonyms (user and credential keys). */
  auditPseudonymKey: Buffer;
  /** true: no AUDIT_PSEUDONYM_KEY, a random key of this process (development only). */
  auditPseudonymKeyGenerated: boolean;
  /** Reports per client address per window to /v1/audit/events. */
  auditEventRateLimit: number;
  /**
   * REDIS_URL and its settings: the rate limits and counters every instance shares. Undefined: they
   * live in this process's memory (one instance, or limits counted per instance).
   */
  redis: RedisSettings | undefined;
  /** Beacons per client address per window to /v1/beacon (canary analysis). */
  beaconRateLimit: number;
  /**
   * How many portal servers share REDIS_URL (PORTAL_INSTANCES, default 4): while Redis is down each
   * counts its own limits at the limit divided by this (rateLimit/resilientRateLimitStore.ts).
   */
  instances: number;
  /** GET /readyz per client address per window on the public port (READYZ_RATE_LIMIT). */
  readyzRateLimit: number;
  /** The operators' listener for GET /canary-stats (METRICS_PORT); undefined: not served. */
  metricsPort: number | undefined;
  /** Where the operators' listener binds (METRICS_HOST, default 127.0.0.1). */
  metricsHost: string;
  /** Prometheus metrics are collected and served at GET /metrics (METRICS, default on). */
  metricsEnabled: boolean;
  /** After SIGTERM, how long /readyz says draining while requests are still served (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** Then how long requests in flight may take before their connections are cut (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** The event loop's lag above which requests get 503 with Retry-After (OVERLOAD_MAX_LAG_MS). */
  overloadMaxLagMs: number;
  /** OTLP/HTTP collector spans are exported to (OTEL_EXPORTER_OTLP_ENDPOINT); undefined: none. */
  otlpEndpoint: string | undefined;
  /**
   * PSEUDO_LOCALES=on (tests only; default off, refused in production): the page's language picker
   * also offers the pseudo-locales en-XA and ar-XB (the environment configuration says so).
   */
  pseudoLocales: boolean;
}

/** How long a client may take and how much it may send (src/http/serverLimits.ts). */
export interface ServerLimits {
  /** Time to receive a request's headers (a slow-header client is cut off after it). */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body (a slow-drip upload is cut off after it). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open (longer than a load balancer's idle timeout). */
  keepAliveTimeoutMs: number;
  /** Inactivity after which a connection is closed, whatever it is doing. */
  connectionTimeoutMs: number;
  /** Largest request body on every route, the proxy included. */
  bodyLimitBytes: number;
}

/** A start-up configuration error; the message names the variable at fault. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(packageDir, '..');

const EnvSchema = v.object({
  PORT: v.optional(portValue, '8080'),
  HOST: v.optional(nonEmpty, '127.0.0.1'),
  PUBLIC_ORIGIN: v.optional(originValue),
  SSO_BASE_URL: v.optional(baseUrlValue),
  SERVICE_URL: v.optional(baseUrlValue),
  SSO_CLIENT_ID: v.optional(nonEmpty, 'portal'),
  SSO_CLIENT_SECRET: v.optional(nonEmpty),
  RISK_TYPE: v.optional(riskTypeValue, 'RSARISK'),
  HOST_DIST: v.optional(nonEmpty),
  RELEASES_DIR: v.optional(nonEmpty),
  REMOTES_CONFIG: v.optional(nonEmpty),
  PORTAL_CONFIG: v.optional(nonEmpty),
  THEME_FILE: v.optional(nonEmpty),
  EXTRA_SCRIPT_ORIGINS: v.optional(originListValue, ''),
  REMOTE_ORIGINS: v.optional(originListValue, ''),
  DEV_REMOTES: v.optional(devRemotesValue, ''),
  IDP_ORIGINS: v.optional(originListValue),
  EMBED_ORIGINS: v.optional(originListValue, ''),
  PROXY_TIMEOUT_MS: v.optional(positiveMillis, '15000'),
  LOG_LEVEL: v.optional(logLevelValue, 'info'),
  NODE_ENV: v.optional(nodeEnvValue),
  HEADERS_TIMEOUT_MS: v.optional(positiveMillis, '10000'),
  REQUEST_TIMEOUT_MS: v.optional(positiveMillis, '30000'),
  KEEP_ALIVE_TIMEOUT_MS: v.optional(positiveMillis, '72000'),
  CONNECTION_TIMEOUT_MS: v.optional(positiveMillis, '120000'),
  BODY_LIMIT_BYTES: v.optional(byteCount, '65536'),
  TRUST_PROXY: v.optional(trustProxyValue, 'false'),
  TRUSTED_TYPES: v.optional(trustedTypesModeValue, 'enforce'),
  TOKEN_SEALING_KEYS: v.optional(sealingKeysValue),
  REFRESH_SESSION_MAX_AGE_S: v.optional(positiveWhole, '43200'),
  TOKEN_RATE_LIMIT: v.optional(positiveWhole, '120'),
  CSP_REPORT_RATE_LIMIT: v.optional(positiveWhole, '60'),
  PROXY_RATE_LIMIT: v.optional(positiveWhole, '300'),
  PROXY_USER_RATE_LIMIT: v.optional(positiveWhole, '30'),
  RATE_LIMIT_WINDOW_S: v.optional(positiveWhole, '60'),
  AUDIT_PSEUDONYM_KEY: v.optional(pseudonymKeyValue),
  AUDIT_EVENT_RATE_LIMIT: v.optional(positiveWhole, '30'),
  REDIS_URL: v.optional(redisUrlValue),
  REDIS_COMMAND_TIMEOUT_MS: v.optional(positiveMillis, '500'),
  REDIS_KEY_PREFIX: v.optional(redisKeyPrefixValue, 'portal:'),
  PORTAL_INSTANCES: v.optional(positiveWhole, '4'),
  READYZ_RATE_LIMIT: v.optional(positiveWhole, '600'),
  BEACON_RATE_LIMIT: v.optional(positiveWhole, '60'),
  METRICS_PORT: v.optional(portValue),
  METRICS_HOST: v.optional(nonEmpty, '127.0.0.1'),
  METRICS: v.optional(onOffValue, 'on'),
  SHUTDOWN_DRAIN_MS: v.optional(millisOrZero, '5000'),
  SHUTDOWN_TIMEOUT_MS: v.optional(positiveMillis, '10000'),
  OVERLOAD_MAX_LAG_MS: v.optional(positiveMillis, '1000'),
  OTEL_EXPORTER_OTLP_ENDPOINT: v.optional(httpUrlValue),
  PSEUDO_LOCALES: v.optional(onOffValue, 'off'),
});

type EnvName = keyof v.InferInput<typeof EnvSchema>;

/** Unset and empty variables both mean "use the default". */
function presentValues(env: NodeJS.ProcessEnv): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') values[name] = value;
  }
  return values;
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  const name = issue.path?.[0]?.key;
  return typeof name === 'string'
    ? `Invalid environment variable ${name}: ${issue.message}`
    : `Invalid environment: ${issue.message}`;
}

function resolvePath(value: string | undefined, fallback: string): string {
  return value === undefined ? fallback : path.resolve(value);
}

/** Parses and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv): PortalServerConfig {
  const parsed = v.safeParse(EnvSchema, presentValues(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.issues.map(describeIssue).join('; '));
  }
  const e = parsed.output;
  const nodeEnvProblem = missingNodeEnvProblem(e);
  if (nodeEnvProblem) throw new ConfigError(nodeEnvProblem);
  const production = e.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems({
      ...e,
      tokenSealingKeysSet: e.TOKEN_SEALING_KEYS !== undefined,
      auditPseudonymKeySet: e.AUDIT_PSEUDONYM_KEY !== undefined,
      devRemotesSet: e.DEV_REMOTES.size > 0,
      pseudoLocalesOn: e.PSEUDO_LOCALES === 'on',
      operatorsOnPublicPort: e.METRICS === 'on' && e.METRICS_PORT === undefined,
    });
    if (problems.length > 0) throw new ConfigError(problems.join('; '));
  }
  const limitProblems = limitsProblems(e);
  if (limitProblems.length > 0) throw new ConfigError(limitProblems.join('; '));
  const ssoBaseUrl = e.SSO_BASE_URL ?? DEV_SSO_BASE_URL;
  const releasesDir = resolvePath(e.RELEASES_DIR, path.join(repoDir, '.releases'));
  const portalConfigFile = resolvePath(e.PORTAL_CONFIG, path.join(packageDir, 'config', 'portal.json'));
  let product: ProductConfig;
  try {
    product = readProductConfig(portalConfigFile, { httpsOnly: production });
  } catch (error) {
    const variable: EnvName = 'PORTAL_CONFIG';
    throw new ConfigError(
      `Invalid environment variable ${variable}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const themeFile = resolvePath(e.THEME_FILE, path.join(packageDir, 'themes', 'default', 'theme.json'));
  let theme: Theme;
  try {
    theme = loadTheme(themeFile);
  } catch (error) {
    const variable: EnvName = 'THEME_FILE';
    throw new ConfigError(
      `Invalid environment variable ${variable}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicOrigin: e.PUBLIC_ORIGIN,
    ssoBaseUrl,
    serviceUrl: e.SERVICE_URL,
    ssoClientId: e.SSO_CLIENT_ID,
    ssoClientSecret: e.SSO_CLIENT_SECRET ?? DEV_SSO_CLIENT_SECRET,
    riskType: e.RISK_TYPE,
    hostDist: resolvePath(e.HOST_DIST, path.join(repoDir, 'host', 'dist')),
    releasesDir,
    remotesConfigFile: resolvePath(e.REMOTES_CONFIG, path.join(releasesDir, 'remotes.json')),
    product,
    theme,
    extraScriptOrigins: e.EXTRA_SCRIPT_ORIGINS,
    remoteOrigins: [
      ...new Set([...e.REMOTE_ORIGINS, ...[...e.DEV_REMOTES.values()].map((url) => new URL(url).origin)]),
    ],
    devRemotes: e.DEV_REMOTES,
    idpOrigins: e.IDP_ORIGINS ?? [new URL(ssoBaseUrl).origin],
    embedOrigins: e.EMBED_ORIGINS,
    proxyTimeoutMs: e.PROXY_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    production,
    limits: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
    },
    trustProxy: e.TRUST_PROXY,
    trustedTypes: e.TRUSTED_TYPES,
    tokenSealingKeys: e.TOKEN_SEALING_KEYS ?? [sealingKey(randomBytes(SEALING_KEY_BYTES))],
    tokenSealingKeyGenerated: e.TOKEN_SEALING_KEYS === undefined,
    refreshSessionMaxAgeSeconds: e.REFRESH_SESSION_MAX_AGE_S,
    tokenRateLimit: e.TOKEN_RATE_LIMIT,
    cspReportRateLimit: e.CSP_REPORT_RATE_LIMIT,
    proxyRateLimit: e.PROXY_RATE_LIMIT,
    proxyUserRateLimit: e.PROXY_USER_RATE_LIMIT,
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_S * 1000,
    auditPseudonymKey: e.AUDIT_PSEUDONYM_KEY ?? randomBytes(PSEUDONYM_KEY_MIN_BYTES),
    auditPseudonymKeyGenerated: e.AUDIT_PSEUDONYM_KEY === undefined,
    auditEventRateLimit: e.AUDIT_EVENT_RATE_LIMIT,
    redis: e.REDIS_URL
      ? { url: e.REDIS_URL, commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS, keyPrefix: e.REDIS_KEY_PREFIX }
      : undefined,
    instances: e.PORTAL_INSTANCES,
    readyzRateLimit: e.READYZ_RATE_LIMIT,
    beaconRateLimit: e.BEACON_RATE_LIMIT,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    metricsEnabled: e.METRICS === 'on',
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    overloadMaxLagMs: e.OVERLOAD_MAX_LAG_MS,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    pseudoLocales: e.PSEUDO_LOCALES === 'on',
  };
}

/** The timeouts must nest: Node refuses a header timeout longer than the request timeout. */
function limitsProblems(e: {
  HEADERS_TIMEOUT_MS: number;
  REQUEST_TIMEOUT_MS: number;
  CONNECTION_TIMEOUT_MS: number;
  PROXY_TIMEOUT_MS: number;
}): string[] {
  const problems: string[] = [];
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    problems.push(
      `Invalid environment variable HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS (${e.REQUEST_TIMEOUT_MS})`,
    );
  }
  if (e.CONNECTION_TIMEOUT_MS <= e.PROXY_TIMEOUT_MS) {
    problems.push(
      `Invalid environment variable CONNECTION_TIMEOUT_MS: must be longer than PROXY_TIMEOUT_MS (${e.PROXY_TIMEOUT_MS}), or a silent SSO would cut the connection`,
    );
  }
  return problems;
}
