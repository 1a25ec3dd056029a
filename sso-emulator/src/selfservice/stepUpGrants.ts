import { createHash, randomBytes } from 'node:crypto';

/** How long a step-up grant may be used after the fresh factor (5 minutes). */
export const STEP_UP_GRANT_TTL_MS = 5 * 60_000;
/** Wrong passwords a sign-in may send to MeStepUp before step-up is refused for it. */
export const STEP_UP_MAX_FAILURES = 5;

/** Whose grant it is: the user and the sign-in (token family) their access token belongs to. */
export interface StepUpBinding {
  userName: string;
  signIn: string;
}

interface Grant extends StepUpBinding {
  /** The credentials this grant may delete, each once. */
  credIds: Set<string>;
  expiresAt: number;
}

const digest = (grant: string) => createHash('sha256').update(grant).digest('base64url');
const key = (binding: StepUpBinding) => `${binding.userName}\u0000${binding.signIn}`;

/**
 * Step-up grants (our design; the spec has no step-up): a random value handed to the browser
 * after a fresh factor, kept here only as its SHA-256. A grant names the credentials the user
 * confirmed deleting, serves its own user and sign-in only, lets each of those credentials be
 * deleted once, and ends after STEP_UP_GRANT_TTL_MS.
 */
export class StepUpGrants {
  private readonly grants = new Map<string, Grant>();
  private readonly failures = new Map<string, number>();

  issue(binding: StepUpBinding, credIds: readonly string[], now: number): string {
    this.prune(now);
    const grant = randomBytes(32).toString('base64url');
    this.grants.set(digest(grant), {
      ...binding,
      credIds: new Set(credIds),
      expiresAt: now + STEP_UP_GRANT_TTL_MS,
    });
    this.failures.delete(key(binding));
    return grant;
  }

  /** Spends the grant's right to delete `credId`; false when the grant does not allow it (any more). */
  spend(grant: string, binding: StepUpBinding, credId: string, now: number): boolean {
    const id = digest(grant);
    const found = this.grants.get(id);
    if (!found || found.expiresAt <= now) return false;
    if (found.userName !== binding.userName || found.signIn !== binding.signIn) return false;
    if (!found.credIds.delete(credId)) return false;
    if (found.credIds.size === 0) this.grants.delete(id);
    return true;
  }

  /** Counts a wrong factor; true while the sign-in may still try. */
  fail(binding: StepUpBinding): boolean {
    const count = (this.failures.get(key(binding)) ?? 0) + 1;
    this.failures.set(key(binding), count);
    return count < STEP_UP_MAX_FAILURES;
  }

  locked(binding: StepUpBinding): boolean {
    return (this.failures.get(key(binding)) ?? 0) >= STEP_UP_MAX_FAILURES;
  }

  clear(): void {
    this.grants.clear();
    this.failures.clear();
  }

  private prune(now: number): void {
    for (const [id, grant] of this.grants) if (grant.expiresAt <= now) this.grants.delete(id);
  }
}
