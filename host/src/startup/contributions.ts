import type { MergedContributions } from '@portal/contributions/merge';
import { MergedContributionsSchema } from '@portal/contributions/schema';
import { contributionsAtom } from '@portal/shared/contributions';
import type { PortalStore } from '@portal/shared/session';
import { currentLocale, type LocaleTag } from '@portal/shared/words';
import { atom } from 'jotai';
import * as v from 'valibot';

/**
 * The live remotes' contributions, which the host builds its router, titles, prefetch, footer
 * links and next-action dispatch from: from the page's start-up data, or without it (a bare page)
 * from the portal server's GET /v1/config/contributions (the same body). Until they are in, the
 * shell shows its loading bar; if neither source gives them, its own error with Retry.
 */
export const CONTRIBUTIONS_URL = '/v1/config/contributions';

/** Past this the contributions count as unavailable: the shell's error with Retry. */
const CONTRIBUTIONS_TIMEOUT_MS = 10_000;

export type ContributionsLoad = 'loading' | 'ready' | 'failed';
export const contributionsLoadAtom = atom<ContributionsLoad>('loading');

/** The merged contributions, or a sentence saying what is wrong with them. */
export function parseMergedContributions(
  value: unknown,
): { ok: true; value: MergedContributions } | { ok: false; problem: string } {
  const parsed = v.safeParse(MergedContributionsSchema, value);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, problem: v.summarize(parsed.issues) };
}

/**
 * The request for the contributions in the page's active locale: the portal server takes its
 * `ui_locales` first, as it does for a page (then the saved choice, then Accept-Language), so the
 * words always match the page's, however the page chose its locale.
 */
function contributionsRequestUrl(locale: LocaleTag): string {
  return `${CONTRIBUTIONS_URL}?${new URLSearchParams({ ui_locales: locale })}`;
}

export async function fetchContributions(
  fetchImpl: typeof fetch = fetch,
  locale: LocaleTag = currentLocale(),
): Promise<MergedContributions> {
  const response = await fetchImpl(contributionsRequestUrl(locale), {
    cache: 'no-store',
    signal: AbortSignal.timeout(CONTRIBUTIONS_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${CONTRIBUTIONS_URL}: HTTP ${response.status}`);
  const parsed = parseMergedContributions(await response.json());
  if (!parsed.ok) throw new Error(`${CONTRIBUTIONS_URL} is invalid: ${parsed.problem}`);
  return parsed.value;
}

function keep(store: PortalStore, contributions: MergedContributions): void {
  store.set(contributionsAtom, contributions);
  store.set(contributionsLoadAtom, 'ready');
}

/**
 * Takes the page's contributions when they parse (synchronously: the first render has them);
 * returns false when there are none to take, and the caller fetches them.
 */
export function takePageContributions(store: PortalStore, fromPage: unknown): boolean {
  if (fromPage === undefined) return false;
  const parsed = parseMergedContributions(fromPage);
  if (parsed.ok) keep(store, parsed.value);
  else console.warn(`[portal] start-up data's contributions ignored: ${parsed.problem}`);
  return parsed.ok;
}

/** Fetches the contributions (start-up without them, and Retry); a failure shows the shell's error. */
export async function loadContributions(
  store: PortalStore,
  fetchImpl: typeof fetch = fetch,
): Promise<MergedContributions | null> {
  store.set(contributionsLoadAtom, 'loading');
  try {
    const contributions = await fetchContributions(fetchImpl);
    keep(store, contributions);
    return contributions;
  } catch (error) {
    console.error('[portal] start-up: contributions', error);
    store.set(contributionsLoadAtom, 'failed');
    return null;
  }
}

/**
 * After the user chose another language: the contributed titles and labels in its words (the
 * portal server answers in the saved choice), put into the contributions the page has. Only the
 * words change (routes, claims and links stay the same objects' values), so no screen remounts; a
 * failure keeps the words the page had.
 */
export async function refreshContributedWords(
  store: PortalStore,
  fetchImpl: typeof fetch = fetch,
  locale: LocaleTag = currentLocale(),
): Promise<void> {
  let fetched: MergedContributions;
  try {
    fetched = await fetchContributions(fetchImpl, locale);
  } catch (error) {
    console.warn('[portal] contributed words not refreshed', error);
    return;
  }
  const current = store.get(contributionsAtom);
  const title = new Map(fetched.routes.map((route) => [`${route.remote} ${route.path}`, route.title]));
  const factorWords = new Map(fetched.factors.map((factor) => [`${factor.remote} ${factor.code}`, factor]));
  const linkLabel = new Map(
    fetched.links.map((link) => [`${link.remote} ${link.slot} ${link.path}`, link.label]),
  );
  store.set(contributionsAtom, {
    ...current,
    routes: current.routes.map((route) => ({
      ...route,
      title: title.get(`${route.remote} ${route.path}`) ?? route.title,
    })),
    factors: current.factors.map((factor) => {
      const words = factorWords.get(`${factor.remote} ${factor.code}`);
      return {
        ...factor,
        label: words?.label ?? factor.label,
        description: words?.description ?? factor.description,
        groupTitle: words?.groupTitle ?? factor.groupTitle,
      };
    }),
    links: current.links.map((link) => ({
      ...link,
      label: linkLabel.get(`${link.remote} ${link.slot} ${link.path}`) ?? link.label,
    })),
  });
}
