import type { NextActionContribution } from '@portal/contributions/schema';

/** The reply's fields a next-action claim may look at. */
export interface ReplyFacts {
  additional?: Readonly<Record<string, unknown>> | null | undefined;
}

function matches(pattern: string, action: string): boolean {
  return pattern.endsWith('*') ? action.startsWith(pattern.slice(0, -1)) : pattern === action;
}

function rank(entry: NextActionContribution): number {
  return (entry.action.endsWith('*') ? 0 : 2) + (entry.when ? 1 : 0);
}

/**
 * The claim that handles `action` for this reply, or undefined when nobody claims it (then the
 * restart notice, as the spec says). An exact nextaction beats a prefix; a claim whose condition
 * holds beats one without; a claim whose condition fails does not match.
 */
export function matchNextAction<T extends NextActionContribution>(
  claims: readonly T[],
  action: string,
  reply: ReplyFacts,
): T | undefined {
  let best: T | undefined;
  for (const claim of claims) {
    if (!matches(claim.action, action)) continue;
    if (claim.when && reply.additional?.[claim.when.additional] !== claim.when.equals) continue;
    if (!best || rank(claim) > rank(best)) best = claim;
  }
  return best;
}
