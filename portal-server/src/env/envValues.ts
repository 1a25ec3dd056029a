import * as v from 'valibot';
import { decodeSealingKey, sealingKey } from '../tokens/custody/sealingKeys.js';

/** Env values arrive as strings; these schemas turn them into typed settings with messages fit for an operator. */

function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export const portValue = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535 (0 picks a free port)'),
  v.transform(Number),
  v.maxValue(65535, 'must be a whole number from 0 to 65535 (0 picks a free port)'),
);

export const positiveMillis = v.pipe(
  v.string(),
  v.regex(/^\d{1,7}$/, 'must be a whole number of milliseconds'),
  v.transform(Number),
  v.minValue(1, 'must be at least 1 millisecond'),
);

export const nonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));

/** An absolute http(s) base URL; a trailing slash is added so relative paths resolve beneath it. */
export const baseUrlValue = v.pipe(
  v.string(),
  v.check((value) => parseHttpUrl(value) !== undefined, 'must be an absolute http(s) URL'),
  v.transform((value) => {
    const url = new URL(value);
    if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
    return url.href;
  }),
);

/** An origin such as https://portal.example.com (no path, query or fragment). */
export const originValue = v.pipe(
  v.string(),
  v.check((value) => {
    const url = parseHttpUrl(value);
    return url !== undefined && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  }, 'must be an http(s) origin such as https://example.com'),
  v.transform((value) => new URL(value).origin),
);

/** A comma- or space-separated list of origins; empty means none. */
export const originListValue = v.pipe(
  v.string(),
  v.transform((value) => value.split(/[\s,]+/).filter((item) => item.length > 0)),
  v.array(originValue),
);

export const riskTypes = ['IARISK', 'AARISK', 'RSARISK'] as const;
export type RiskType = (typeof riskTypes)[number];
export const riskTypeValue = v.picklist(riskTypes, `must be one of ${riskTypes.join(', ')}`);

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
export const logLevelValue = v.picklist(logLevels, `must be one of ${logLevels.join(', ')}`);

/** A whole number of at least 1 (a count or a number of seconds). */
export const positiveWhole = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}$/, 'must be a whole number'),
  v.transform(Number),
  v.minValue(1, 'must be at least 1'),
);

/**
 * AES-256 keys, comma or space separated, each 32 random bytes in base64 or base64url (e.g.
 * `openssl rand -base64 32`). The first seals, all open.
 */
export const sealingKeysValue = v.pipe(
  v.string(),
  v.transform((value) => value.split(/[\s,]+/).filter((item) => item.length > 0)),
  v.minLength(1, 'must list at least one key'),
  v.check(
    (keys) => keys.every((key) => decodeSealingKey(key) !== undefined),
    'each key must be 32 bytes in base64 or base64url (openssl rand -base64 32)',
  ),
  v.transform((keys) => keys.map((key) => sealingKey(decodeSealingKey(key) as Buffer))),
);
