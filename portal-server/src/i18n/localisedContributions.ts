import type { MergedContributions } from '@portal/contributions/merge';
import type { PlannedRemote } from '../firstLoad/plan.js';

/**
 * The merged contributions in the page's locale: each route's title and each link's and factor's
 * label in the words its remote's build gives for the locale (its manifest's contributionWords),
 * else as contributed (en-US). The host shows them before, or without, loading that remote.
 */
export function localisedContributions(
  merged: MergedContributions,
  remotes: ReadonlyMap<string, PlannedRemote>,
  locale: string,
): MergedContributions {
  const wordsOf = (remote: string): Record<string, string> => {
    const words = remotes.get(remote)?.resolved?.contributionWords;
    return words && Object.hasOwn(words, locale) ? (words[locale] ?? {}) : {};
  };
  const say = (remote: string, text: string): string => {
    const words = wordsOf(remote);
    return Object.hasOwn(words, text) ? (words[text] ?? text) : text;
  };
  if (
    ![...remotes.values()].some(
      ({ resolved }) => resolved && Object.hasOwn(resolved.contributionWords, locale),
    )
  ) {
    return merged;
  }
  return {
    ...merged,
    routes: merged.routes.map((route) => ({ ...route, title: say(route.remote, route.title) })),
    factors: merged.factors.map((factor) => ({
      ...factor,
      label: say(factor.remote, factor.label),
      ...(factor.description === undefined ? {} : { description: say(factor.remote, factor.description) }),
      ...(factor.groupTitle === undefined ? {} : { groupTitle: say(factor.remote, factor.groupTitle) }),
    })),
    links: merged.links.map((link) => ({ ...link, label: say(link.remote, link.label) })),
  };
}
