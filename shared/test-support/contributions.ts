import { mergeContributions } from '@portal/contributions/merge';
import { type ContributionsInput, parseContributions } from '@portal/contributions/schema';
import { contributionsAtom } from '@portal/shared/contributions';
import { portalStore } from '@portal/shared/session';
import { beforeEach } from 'vitest';

/**
 * Every test of the calling file routes next actions with these remotes' contributions (by
 * federation name), merged as the portal server merges the live builds': a remote's tests pass
 * their own `src/contributions.ts` and write down the few claims of other remotes they route to
 * (a remote never imports another).
 */
export function routeWith(remotes: Readonly<Record<string, ContributionsInput>>): void {
  beforeEach(() => {
    const list = Object.entries(remotes).map(([remote, input]) => {
      const parsed = parseContributions(input);
      if (!parsed.ok) throw new Error(`${remote}'s contributions: ${parsed.problem}`);
      return { remote, contributions: parsed.value };
    });
    const { merged, refused } = mergeContributions(list);
    if (refused.length > 0) throw new Error(refused.map((refusal) => refusal.message).join('\n'));
    portalStore.set(contributionsAtom, merged);
  });
}
