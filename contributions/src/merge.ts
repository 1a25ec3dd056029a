import type {
  CallContribution,
  Contributions,
  FactorContribution,
  LinkContribution,
  NextActionCondition,
  NextActionContribution,
  RouteContribution,
} from './schema.js';
import { CONTRIBUTIONS_VERSION } from './schema.js';

/** Each contribution of the merged value names the remote (federation container) that made it. */
export type Owned<T> = T & { remote: string };

/** The live builds' contributions together: what the page's start-up data carries. */
export interface MergedContributions {
  version: typeof CONTRIBUTIONS_VERSION;
  routes: Owned<RouteContribution>[];
  nextActions: Owned<NextActionContribution>[];
  factors: Owned<FactorContribution>[];
  links: Owned<LinkContribution>[];
  /** SSO calls the proxy lets through for the live screens (beyond the spec's own). */
  calls: Owned<CallContribution>[];
}

/** A remote left out of the merge, and the one sentence that says why. */
export interface Refusal {
  remote: string;
  /** The remote that claimed it first (the same remote for a claim it makes twice). */
  claimedBy: string;
  message: string;
}

export interface RemoteContributions {
  remote: string;
  contributions: Contributions;
}

/** Whether two nextaction patterns can match one nextaction ('A_*' and 'A_B' can). */
export function patternsOverlap(a: string, b: string): boolean {
  const prefixA = a.endsWith('*') ? a.slice(0, -1) : null;
  const prefixB = b.endsWith('*') ? b.slice(0, -1) : null;
  if (prefixA === null && prefixB === null) return a === b;
  if (prefixA !== null && prefixB !== null) return prefixA.startsWith(prefixB) || prefixB.startsWith(prefixA);
  return prefixA !== null ? b.startsWith(prefixA) : a.startsWith(prefixB ?? '');
}

function sameCondition(a: NextActionCondition | undefined, b: NextActionCondition | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.additional === b.additional && a.equals === b.equals;
}

function describeAction(entry: NextActionContribution): string {
  return entry.when ? `${entry.action} (${entry.when.additional} = '${entry.when.equals}')` : entry.action;
}

/** The claims of `candidate` that collide with what is already merged (or with its own). */
function collisions(merged: MergedContributions, candidate: RemoteContributions): Refusal[] {
  const { remote, contributions } = candidate;
  const refusals: Refusal[] = [];
  const refuse = (claimedBy: string, what: string) =>
    refusals.push({
      remote,
      claimedBy,
      message:
        claimedBy === remote
          ? `${remote} claims ${what} twice`
          : `${remote} claims ${what}, which ${claimedBy} already claims`,
    });

  const routes: Owned<RouteContribution>[] = [...merged.routes];
  for (const route of contributions.routes) {
    const owner = routes.find((other) => other.path === route.path);
    if (owner) refuse(owner.remote, `the path ${route.path}`);
    routes.push({ ...route, remote });
  }
  const actions: Owned<NextActionContribution>[] = [...merged.nextActions];
  for (const entry of contributions.nextActions) {
    const owner = actions.find(
      (other) => patternsOverlap(other.action, entry.action) && sameCondition(other.when, entry.when),
    );
    if (owner) refuse(owner.remote, `the next action ${describeAction(entry)}`);
    actions.push({ ...entry, remote });
  }
  const factors: Owned<FactorContribution>[] = [...merged.factors];
  for (const factor of contributions.factors) {
    const owner = factors.find((other) => other.code === factor.code);
    if (owner) refuse(owner.remote, `the factor ${factor.code}`);
    factors.push({ ...factor, remote });
  }
  return refusals;
}

/**
 * Merges the remotes' contributions in the order given (remotes.json's). A remote whose claims
 * collide with an earlier remote's (or with its own) is left out whole, never half merged: its
 * screens are unreachable and the refusal says so, rather than two teams' screens fighting over
 * one address or next action.
 */
export function mergeContributions(remotes: readonly RemoteContributions[]): {
  merged: MergedContributions;
  refused: Refusal[];
} {
  const merged: MergedContributions = {
    version: CONTRIBUTIONS_VERSION,
    routes: [],
    nextActions: [],
    factors: [],
    links: [],
    calls: [],
  };
  const refused: Refusal[] = [];
  for (const candidate of remotes) {
    const problems = collisions(merged, candidate);
    if (problems.length > 0) {
      refused.push(...problems);
      continue;
    }
    const own = <T>(items: readonly T[]): Owned<T>[] =>
      items.map((item) => ({ ...item, remote: candidate.remote }));
    merged.routes.push(...own(candidate.contributions.routes));
    merged.nextActions.push(...own(candidate.contributions.nextActions));
    merged.factors.push(...own(candidate.contributions.factors));
    merged.links.push(...own(candidate.contributions.links));
    merged.calls.push(...own(candidate.contributions.calls));
  }
  return { merged, refused };
}
