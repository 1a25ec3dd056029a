import { CANARY_COOKIE, canaryBucket, sealCanaryKey } from '../../src/remotes/canarySession.js';
import { TEST_SEALING_KEY } from './fixtures.js';

/** `name=value` of a canary cookie for `key` as the test server (TEST_SEALING_KEY) deals it: sealed. */
export function canaryCookie(key: string): string {
  return `${CANARY_COOKIE}=${sealCanaryKey(key, [TEST_SEALING_KEY])}`;
}

/**
 * A canary key (the dealt format: 22 base64url characters) whose bucket for `remote` is below
 * `percent` (inside the canary) or not, the first from `from` on.
 */
export function canaryKeyIn(inside: boolean, remote = 'remote_login', percent = 50, from = 0): string {
  for (let n = from; ; n += 1) {
    const key = `k${String(n).padStart(21, '0')}`;
    if (canaryBucket(key, remote) < percent === inside) return key;
  }
}

/** The key and the whole `name=value` of the canary cookie a reply dealt, if it dealt one. */
export function dealtCanaryCookie(
  setCookie: string | string[] | undefined,
): { key: string; cookie: string } | undefined {
  const header = Array.isArray(setCookie) ? setCookie.join('\n') : (setCookie ?? '');
  const match = new RegExp(`${CANARY_COOKIE}=(([A-Za-z0-9_-]{22})\\.[A-Za-z0-9_-]{43});`).exec(header);
  const [, value, key] = match ?? [];
  return value === undefined || key === undefined ? undefined : { key, cookie: `${CANARY_COOKIE}=${value}` };
}
