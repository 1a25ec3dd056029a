import type { Clock } from '../state/clock.js';

/** Wrong recovery codes in a row before the user is locked out, and for how long (emulator clock). */
export const LOCKOUT_AFTER_WRONG_CODES = 5;
export const LOCKOUT_MS = 15 * 60_000;

/**
 * Wrong recovery codes count toward a lockout per user: after five in a row, every recovery code
 * is refused for 15 minutes, right or wrong, so guessing 50-bit codes is hopeless. A right code
 * resets the count.
 */
export class RecoveryCodeLockout {
  private readonly failures = new Map<string, { count: number; lockedUntil: number }>();

  constructor(private readonly clock: Clock) {}

  isLocked(userName: string): boolean {
    const entry = this.failures.get(userName);
    return entry !== undefined && entry.lockedUntil > this.clock.now();
  }

  /** Counts a wrong code; true when this one locked the user out. */
  fail(userName: string): boolean {
    const entry = this.failures.get(userName) ?? { count: 0, lockedUntil: 0 };
    if (entry.lockedUntil !== 0 && entry.lockedUntil <= this.clock.now()) entry.count = 0;
    entry.count += 1;
    if (entry.count >= LOCKOUT_AFTER_WRONG_CODES) entry.lockedUntil = this.clock.now() + LOCKOUT_MS;
    this.failures.set(userName, entry);
    return entry.lockedUntil > this.clock.now();
  }

  succeed(userName: string): void {
    this.failures.delete(userName);
  }

  clear(): void {
    this.failures.clear();
  }
}
