import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './env/envValues.js';

/**
 * Fields that may hold a credential anywhere a log call could put them. Headers are not logged by
 * default; the redaction is the safety net if someone logs a request, a body or the config.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-flow-state"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'authorization',
  'ssoClientSecret',
  '*.ssoClientSecret',
  'clientSecret',
  '*.clientSecret',
  'access_token',
  'refresh_token',
  'id_token',
  'assertion',
  'token',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.assertion',
  '*.token',
];

export interface LoggerSetup {
  level: LogLevel;
  /** Tests pass a stream to read the log lines; the CLI logs to stdout. */
  stream?: { write(line: string): void };
}

type PortalLoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function loggerOptions(setup: LoggerSetup): PortalLoggerOptions {
  return {
    level: setup.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Page addresses carry x-flow-state and transaction ids in the query: log the path only.
      req: (request) => ({
        method: request.method,
        url: request.url.split('?', 1)[0],
        remoteAddress: request.ip,
      }),
    },
    ...(setup.stream ? { stream: setup.stream } : {}),
  };
}
