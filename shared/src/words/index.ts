/**
 * @portal/shared/words: The kernel's words (the message catalogue), and what every remote's
 * catalogue is made with: ICU messages, the locales, the choice of the page's locale.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export * from '../i18n/catalogues';
export * from '../i18n/chooseLocale';
export * from '../i18n/icu';
export * from '../i18n/locales';
export * from '../i18n/negotiate';
export * from '../i18n/savedLocale';
export * from '../i18n/saying';
export * from '../i18n/switchLocale';
export { messages } from '../messages/en_US';
