import { ownValue } from '@portal/shared/config';
import { plainRecord, storedValue } from '@portal/shared/storage';
import * as v from 'valibot';

/**
 * The automatic passkey upgrade is tried once per user and device (issue 27): user name (lower
 * case) → when it was tried (epoch ms), in local storage under `passkeyUpgradeTried`. It holds no
 * token or secret; entries older than a year go when a new one is written.
 */
const ATTEMPTS_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

const AttemptsSchema = plainRecord(v.pipe(v.number(), v.integer(), v.minValue(0)));

const attempts = storedValue({
  area: 'local',
  key: 'passkeyUpgradeTried',
  schema: AttemptsSchema,
  format: 'json',
});

const keyOf = (userName: string) => userName.trim().toLowerCase();

/** Whether the upgrade was already tried for this user in this browser. */
export function passkeyUpgradeTried(userName: string): boolean {
  return ownValue(attempts.read(), keyOf(userName)) !== undefined;
}

/** Remembers that the upgrade was tried for this user (before it runs: a failure is not retried). */
export function notePasskeyUpgradeTried(userName: string, now: number): void {
  const kept = Object.entries(attempts.read() ?? {}).filter(([, at]) => now - at < ATTEMPTS_KEPT_MS);
  attempts.write({ ...Object.fromEntries(kept), [keyOf(userName)]: now });
}
