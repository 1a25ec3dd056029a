import { perUserTimes } from './perUserTimes';

/**
 * The automatic passkey upgrade is tried once per user and device (issue 27): when it was tried
 * (epoch ms) per user, in local storage under `passkeyUpgradeTried`, the user obfuscated
 * (perUserTimes). It holds no token or secret; entries older than a year go when a new one is
 * written.
 */
const ATTEMPTS_KEPT_MS = 365 * 24 * 60 * 60 * 1000;

const attempts = perUserTimes('passkeyUpgradeTried');

/** Whether the upgrade was already tried for this user in this browser. */
export function passkeyUpgradeTried(userName: string): boolean {
  return attempts.get(userName) !== undefined;
}

/** Remembers that the upgrade was tried for this user (before it runs: a failure is not retried). */
export function notePasskeyUpgradeTried(userName: string, now: number): void {
  attempts.set(userName, now, (at) => now - at < ATTEMPTS_KEPT_MS);
}
