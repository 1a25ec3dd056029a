/**
 * @portal/shared/words: The kernel's words (the message catalogue), and what every remote's
 * catalogue is made with: ICU messages, the locales, the choice of the page's locale.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export {
  activateLocale,
  type CatalogueLoader,
  cataloguesReady,
  currentLocale,
  defineLocaleContent,
  defineWords,
} from '../i18n/catalogues';
export { chooseLocale } from '../i18n/chooseLocale';
export {
  type CatalogueSource,
  icu,
} from '../i18n/icu';
export {
  LOCALES,
  type LocaleTag,
  PSEUDO_LOCALES,
  SOURCE_LOCALE,
} from '../i18n/locales';
export type { SavedLocale } from '../i18n/savedLocale';
export { finding, type Saying } from '../i18n/saying';
export { chooseLanguage, localeAtom, switchLocale } from '../i18n/switchLocale';
export { messages } from '../messages/en_US';
