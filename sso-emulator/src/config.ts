import * as v from 'valibot';
import { unsafeUseProblem } from './safety.js';

/** Runtime configuration of the emulator, read from EMULATOR_* environment variables. */
export interface EmulatorConfig {
  host: string;
  port: number;
  tenant: string;
  /** Public base URL without trailing slash, e.g. http://localhost:8090 */
  publicUrl: string;
  portalOrigins: string[];
  rpId: string;
  clientId: string;
  clientSecret: string;
  fixturesPath: string;
  pushTimeoutMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  flowStateTtlMs: number;
  otpTtlMs: number;
  accessTokenTtlSeconds: number;
  clientTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Absolute session lifetime: no refresh after this long since the sign-in. */
  sessionLifetimeSeconds: number;
  limits: EmulatorLimits;
}

/** How long a client may take (src/http/serverLimits.ts). */
export interface EmulatorLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionTimeoutMs: number;
}

export const DEFAULT_FIXTURES_PATH = new URL('../fixtures/users.json', import.meta.url).pathname;

const portNumber = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.maxValue(65535, 'must be at most 65535'),
);
const positiveInt = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(1, 'must be at least 1'),
);
const httpUrl = v.pipe(
  v.string(),
  v.url('must be an absolute URL'),
  v.regex(/^https?:\/\//, 'must start with http:// or https://'),
);
const originList = v.pipe(
  v.string(),
  v.transform((raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  ),
  v.array(
    v.pipe(
      httpUrl,
      v.check((u) => new URL(u).origin === u, 'each entry must be a bare origin'),
    ),
  ),
  v.minLength(1, 'must list at least one origin'),
);
const name = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _'));

const envSchema = v.object({
  EMULATOR_HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  EMULATOR_PORT: v.optional(portNumber, '8090'),
  EMULATOR_TENANT: v.optional(name, 'default'),
  EMULATOR_PUBLIC_URL: v.optional(httpUrl),
  EMULATOR_PORTAL_ORIGINS: v.optional(originList, 'http://localhost:8080,http://127.0.0.1:8080'),
  EMULATOR_RP_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9.-]+$/i, 'must be a host name')),
    'localhost',
  ),
  EMULATOR_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(1)), 'portal'),
  EMULATOR_CLIENT_SECRET: v.optional(v.pipe(v.string(), v.minLength(1)), 'portal-dev-secret'),
  EMULATOR_FIXTURES: v.optional(v.pipe(v.string(), v.minLength(1))),
  EMULATOR_PUSH_TIMEOUT_MS: v.optional(positiveInt, '60000'),
  EMULATOR_SESSION_LIFETIME_S: v.optional(positiveInt, '43200'),
  EMULATOR_LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'warn'),
  EMULATOR_HEADERS_TIMEOUT_MS: v.optional(positiveInt, '10000'),
  EMULATOR_REQUEST_TIMEOUT_MS: v.optional(positiveInt, '30000'),
  EMULATOR_KEEP_ALIVE_TIMEOUT_MS: v.optional(positiveInt, '5000'),
  EMULATOR_CONNECTION_TIMEOUT_MS: v.optional(positiveInt, '60000'),
});

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws ConfigError naming the offending variable. */
export function loadConfig(env: Record<string, string | undefined>): EmulatorConfig {
  const unsafe = unsafeUseProblem(env);
  if (unsafe) throw new ConfigError(unsafe);
  const present: Record<string, string> = {};
  for (const key of Object.keys(envSchema.entries)) {
    const value = env[key];
    if (value !== undefined && value !== '') present[key] = value;
  }
  const result = v.safeParse(envSchema, present);
  if (!result.success) {
    const issue = result.issues[0];
    const variable = issue ? v.getDotPath(issue) : 'environment';
    throw new ConfigError(`Invalid environment variable ${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = result.output;
  if (e.EMULATOR_HEADERS_TIMEOUT_MS > e.EMULATOR_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment variable EMULATOR_HEADERS_TIMEOUT_MS: must not be longer than EMULATOR_REQUEST_TIMEOUT_MS (${e.EMULATOR_REQUEST_TIMEOUT_MS})`,
    );
  }
  return {
    host: e.EMULATOR_HOST,
    port: e.EMULATOR_PORT,
    tenant: e.EMULATOR_TENANT,
    publicUrl: (e.EMULATOR_PUBLIC_URL ?? `http://localhost:${e.EMULATOR_PORT}`).replace(/\/+$/, ''),
    portalOrigins: e.EMULATOR_PORTAL_ORIGINS,
    rpId: e.EMULATOR_RP_ID,
    clientId: e.EMULATOR_CLIENT_ID,
    clientSecret: e.EMULATOR_CLIENT_SECRET,
    fixturesPath: e.EMULATOR_FIXTURES ?? DEFAULT_FIXTURES_PATH,
    pushTimeoutMs: e.EMULATOR_PUSH_TIMEOUT_MS,
    logLevel: e.EMULATOR_LOG_LEVEL,
    flowStateTtlMs: 15 * 60_000,
    otpTtlMs: 5 * 60_000,
    accessTokenTtlSeconds: 900,
    clientTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 8 * 3600,
    sessionLifetimeSeconds: e.EMULATOR_SESSION_LIFETIME_S,
    limits: {
      headersTimeoutMs: e.EMULATOR_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.EMULATOR_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.EMULATOR_KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.EMULATOR_CONNECTION_TIMEOUT_MS,
    },
  };
}
