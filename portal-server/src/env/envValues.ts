import { isIP } from 'node:net';
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

/** An absolute http(s) URL, kept as written (valibot's url() also takes javascript: and data:). */
export const httpUrlValue = v.pipe(
  v.string(),
  v.check((value) => parseHttpUrl(value) !== undefined, 'must be an absolute http(s) URL'),
);

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

/** Milliseconds, 0 allowed (no wait). */
export const millisOrZero = v.pipe(
  v.string(),
  v.regex(/^\d{1,7}$/, 'must be a whole number of milliseconds'),
  v.transform(Number),
);

export const onOffValue = v.picklist(['on', 'off'] as const, 'must be on or off');

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

/** A size in bytes: a whole number, at least 1. */
export const byteCount = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/, 'must be a whole number of bytes'),
  v.transform(Number),
  v.minValue(1, 'must be at least 1 byte'),
);

/**
 * NODE_ENV, trimmed and lower-cased: only `production` changes anything (the production rules, no
 * source maps served); whether it is set at all matters too (env/productionRules: missingNodeEnvProblem).
 */
export const nodeEnvValue = v.pipe(
  v.string(),
  v.transform((value) => value.trim().toLowerCase()),
);

/** One IPv4/IPv6 address or CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which peers may say who the client is in `X-Forwarded-For`. `false`/`0` (the
 * default) trusts nobody; a whole number trusts that many proxy hops in front of the server; a list
 * of addresses or CIDR ranges trusts the proxies at those addresses. Trusting everyone (`true`) is
 * refused: any client could then choose its own address.
 */
export type TrustProxy = false | number | string[];
const TRUST_PROXY_MESSAGE =
  'must be false, a number of proxy hops (1, 2…) or a list of proxy addresses or CIDR ranges (10.0.0.0/8, 192.168.1.10)';
export const trustProxyValue = v.pipe(
  v.string(),
  v.trim(),
  v.check((value) => {
    if (/^(false|\d{1,2})$/i.test(value)) return true;
    const items = value.split(/[\s,]+/).filter((item) => item.length > 0);
    return items.length > 0 && items.every(isAddressOrRange);
  }, TRUST_PROXY_MESSAGE),
  v.transform((value): TrustProxy => {
    if (/^false$/i.test(value) || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    return value.split(/[\s,]+/).filter((item) => item.length > 0);
  }),
);

export const trustedTypesModes = ['enforce', 'report-only', 'off'] as const;
/** Trusted Types in the CSP: enforced, only reported (Content-Security-Policy-Report-Only), or left out. */
export type TrustedTypesMode = (typeof trustedTypesModes)[number];
export const trustedTypesModeValue = v.picklist(
  trustedTypesModes,
  `must be one of ${trustedTypesModes.join(', ')}`,
);

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

/**
 * DEV_REMOTES: `<remote name>=<absolute manifest URL>` pairs, comma- or space-separated (a remote's
 * dev server: remote_factors=http://127.0.0.1:3002/mf-manifest.json). Empty means none.
 */
export const devRemotesValue = v.pipe(
  v.string(),
  v.transform((value) => value.split(/[\s,]+/).filter((item) => item.length > 0)),
  v.array(
    v.pipe(
      v.string(),
      v.check((pair) => {
        const [name = '', url = '', ...rest] = pair.split('=');
        return (
          rest.length === 0 &&
          /^[A-Za-z_][\w-]*$/.test(name) &&
          parseHttpUrl(url)?.pathname.endsWith('.json') === true
        );
      }, 'must be <remote name>=<http(s) manifest URL ending in .json>, e.g. remote_factors=http://127.0.0.1:3002/mf-manifest.json'),
    ),
  ),
  v.transform((pairs) => new Map(pairs.map((pair) => pair.split('=') as [string, string]))),
);

/**
 * REDIS_URL: `redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS. Kept as written
 * (the password included: it is never logged, see shared/redisClient: redisAddress).
 */
export const redisUrlValue = v.pipe(
  v.string(),
  v.trim(),
  v.check((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'redis:' || url.protocol === 'rediss:') &&
        url.hostname !== '' &&
        /^\/?\d{0,2}$/.test(url.pathname) &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, 'must be a redis:// or rediss:// URL such as redis://10.0.0.5:6379/0'),
);

/** REDIS_KEY_PREFIX: letters, digits and `:_.-`, ending in `:` by convention (not enforced). */
export const redisKeyPrefixValue = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or :_.- (e.g. portal:)'),
);
