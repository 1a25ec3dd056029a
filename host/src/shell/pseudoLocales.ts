import { LOCALES, type LocaleTag, PSEUDO_LOCALES, type SavedLocale } from '@portal/shared/words';
import { atom } from 'jotai';
import * as v from 'valibot';

/**
 * Whether the language picker also offers the pseudo-locales (en-XA, ar-XB): only when the portal
 * server's environment configuration says so (`pseudoLocales: true`, sent with PSEUDO_LOCALES=on,
 * which the end-to-end stacks set and production refuses). Off until it has said so.
 */
export const pseudoLocalesOfferedAtom = atom(false);

const OffersPseudoLocalesSchema = v.object({ pseudoLocales: v.literal(true) });

/** True only for an environment configuration that says `pseudoLocales: true`. */
export function offersPseudoLocales(environment: unknown): boolean {
  return v.is(OffersPseudoLocalesSchema, environment);
}

/** The languages the picker lists: the portal's, then the pseudo-locales when they are offered. */
export function pickerLocales(pseudoOffered: boolean) {
  return pseudoOffered ? [...LOCALES, ...PSEUDO_LOCALES] : LOCALES;
}

/** One of the portal's own locales (a choice to remember), not a pseudo-locale. */
export function isPortalLocale(tag: LocaleTag): tag is SavedLocale {
  return LOCALES.some((locale) => locale.tag === tag);
}
