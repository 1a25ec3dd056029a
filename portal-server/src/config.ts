import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import {
  baseUrlValue,
  type LogLevel,
  logLevelValue,
  nonEmpty,
  originListValue,
  originValue,
  portValue,
  positiveMillis,
  positiveWhole,
  type RiskType,
  riskTypeValue,
  sealingKeysValue,
} from './env/envValues.js';
import { type ProductConfig, readProductConfig } from './productConfig.js';
import { SEALING_KEY_BYTES, type SealingKey, sealingKey } from './tokens/custody/sealingKeys.js';

/** Everything the server needs, taken from environment variables only. */
export interface PortalServerConfig {
  port: number;
  host: string;
  /** The portal's own origin; undefined means http://localhost:<bound port>, known once listening. */
  publicOrigin: string | undefined;
  /** Tenant base URL of the SSO: token endpoints and the proxy target. */
  ssoBaseUrl: string;
  /** baseServiceUrl given to the browser. */
  serviceUrl: string;
  ssoClientId: string;
  ssoClientSecret: string;
  riskType: RiskType;
  hostDist: string;
  releasesDir: string;
  remotesConfigFile: string;
  product: ProductConfig;
  extraScriptOrigins: string[];
  /**
   * Origins remotes may be loaded from besides the portal's own (REMOTE_ORIGINS). remotes.json
   * never widens it: an entry on another origin is refused, and the CSP is built from this list.
   */
  remoteOrigins: string[];
  idpOrigins: string[];
  embedOrigins: string[];
  proxyTimeoutMs: number;
  logLevel: LogLevel;
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
  rateLimitWindowMs: number;
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
  SSO_BASE_URL: v.optional(baseUrlValue, 'http://localhost:8090/default/'),
  SERVICE_URL: v.optional(baseUrlValue),
  SSO_CLIENT_ID: v.optional(nonEmpty, 'portal'),
  SSO_CLIENT_SECRET: v.optional(nonEmpty, 'portal-dev-secret'),
  RISK_TYPE: v.optional(riskTypeValue, 'RSARISK'),
  HOST_DIST: v.optional(nonEmpty),
  RELEASES_DIR: v.optional(nonEmpty),
  REMOTES_CONFIG: v.optional(nonEmpty),
  PORTAL_CONFIG: v.optional(nonEmpty),
  EXTRA_SCRIPT_ORIGINS: v.optional(originListValue, ''),
  REMOTE_ORIGINS: v.optional(originListValue, ''),
  IDP_ORIGINS: v.optional(originListValue),
  EMBED_ORIGINS: v.optional(originListValue, ''),
  PROXY_TIMEOUT_MS: v.optional(positiveMillis, '15000'),
  LOG_LEVEL: v.optional(logLevelValue, 'info'),
  TOKEN_SEALING_KEYS: v.optional(sealingKeysValue),
  REFRESH_SESSION_MAX_AGE_S: v.optional(positiveWhole, '43200'),
  TOKEN_RATE_LIMIT: v.optional(positiveWhole, '120'),
  CSP_REPORT_RATE_LIMIT: v.optional(positiveWhole, '60'),
  RATE_LIMIT_WINDOW_S: v.optional(positiveWhole, '60'),
  NODE_ENV: v.optional(v.string()),
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
  const releasesDir = resolvePath(e.RELEASES_DIR, path.join(repoDir, '.releases'));
  const portalConfigFile = resolvePath(e.PORTAL_CONFIG, path.join(packageDir, 'config', 'portal.json'));
  let product: ProductConfig;
  try {
    product = readProductConfig(portalConfigFile);
  } catch (error) {
    const variable: EnvName = 'PORTAL_CONFIG';
    throw new ConfigError(
      `Invalid environment variable ${variable}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (e.TOKEN_SEALING_KEYS === undefined && e.NODE_ENV === 'production') {
    const variable: EnvName = 'TOKEN_SEALING_KEYS';
    throw new ConfigError(
      `Missing environment variable ${variable}: production needs the key(s) that seal refresh tokens (openssl rand -base64 32), the same on every instance`,
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicOrigin: e.PUBLIC_ORIGIN,
    ssoBaseUrl: e.SSO_BASE_URL,
    serviceUrl: e.SERVICE_URL ?? e.SSO_BASE_URL,
    ssoClientId: e.SSO_CLIENT_ID,
    ssoClientSecret: e.SSO_CLIENT_SECRET,
    riskType: e.RISK_TYPE,
    hostDist: resolvePath(e.HOST_DIST, path.join(repoDir, 'host', 'dist')),
    releasesDir,
    remotesConfigFile: resolvePath(e.REMOTES_CONFIG, path.join(releasesDir, 'remotes.json')),
    product,
    extraScriptOrigins: e.EXTRA_SCRIPT_ORIGINS,
    remoteOrigins: e.REMOTE_ORIGINS,
    idpOrigins: e.IDP_ORIGINS ?? [new URL(e.SSO_BASE_URL).origin],
    embedOrigins: e.EMBED_ORIGINS,
    proxyTimeoutMs: e.PROXY_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    tokenSealingKeys: e.TOKEN_SEALING_KEYS ?? [sealingKey(randomBytes(SEALING_KEY_BYTES))],
    tokenSealingKeyGenerated: e.TOKEN_SEALING_KEYS === undefined,
    refreshSessionMaxAgeSeconds: e.REFRESH_SESSION_MAX_AGE_S,
    tokenRateLimit: e.TOKEN_RATE_LIMIT,
    cspReportRateLimit: e.CSP_REPORT_RATE_LIMIT,
    rateLimitWindowMs: e.RATE_LIMIT_WINDOW_S * 1000,
  };
}
