import { currentLocale } from './catalogues';
import { DEFAULT_LANGUAGE } from '../constants';

/**
 * The browser's language in the form the service's `language` fields take (spec section 9:
 * 'Default browser language: en_US'): a lower-case language, an underscore, an upper-case
 * two-letter region.
 *
 * - 'en-US' → 'en_US', 'fr-CA' → 'fr_CA', 'de-de' → 'de_DE'; script, variants and extensions are
 *   dropped ('zh-Hant-TW' → 'zh_TW', 'fr-CA-u-ca-gregory' → 'fr_CA').
 * - A language without a two-letter region gets its most likely one (Unicode CLDR likely
 *   subtags, `Intl.Locale.prototype.maximize`): 'fr' → 'fr_FR', 'pt' → 'pt_BR', 'es-419' → 'es_ES'.
 *   The service has one text per language and region; the likely region is what a speaker of
 *   the bare language most often means, and closer to them than en_US.
 * - Nothing, 'und', a malformed tag, or a language with no likely region → DEFAULT_LANGUAGE.
 */
export function normaliseLanguage(tag: string | null | undefined): string {
  if (typeof tag !== 'string' || tag.trim() === '') return DEFAULT_LANGUAGE;
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag.trim().replace(/_/g, '-'));
  } catch {
    return DEFAULT_LANGUAGE;
  }
  const language = locale.language;
  if (!language || language === 'und' || !/^[a-z]{2,3}$/i.test(language)) return DEFAULT_LANGUAGE;
  const region = twoLetterRegion(locale.region) ?? twoLetterRegion(likelyRegion(language));
  return region ? `${language.toLowerCase()}_${region}` : DEFAULT_LANGUAGE;
}

function twoLetterRegion(region: string | undefined): string | undefined {
  return region && /^[a-z]{2}$/i.test(region) ? region.toUpperCase() : undefined;
}

function likelyRegion(language: string): string | undefined {
  try {
    return new Intl.Locale(language).maximize().region;
  } catch {
    return undefined;
  }
}

/** The parts of `navigator` this reads (tests pass their own). */
export interface LanguageSource {
  languages?: readonly string[];
  language?: string;
}

/** The user's first preferred language (navigator.languages, else navigator.language), normalised. */
export function browserLanguage(source: LanguageSource | undefined = globalThis.navigator): string {
  return normaliseLanguage(source?.languages?.[0] || source?.language);
}

/**
 * The `language` the service's calls carry: the page's active locale in the service's form
 * ('fr-CA' → 'fr_CA', 'zh-Hant' → 'zh_TW', 'he' → 'he_IL'), so a text the SSO sends (an SMS, an
 * e-mail, a push) is in the language the user reads the portal in.
 */
export function activeLanguage(): string {
  return normaliseLanguage(currentLocale());
}
