import { SOURCE_LOCALE as CONTRACT_SOURCE_LOCALE } from '@portal/contributions/locales';

/**
 * The portal's locales (issue 26): the source, en-US, first; each with its native name (the
 * language picker shows every one in its own language and direction) and its writing direction.
 * The pseudo-locales are for tests only: generated from the source, never offered in the picker.
 */
export const LOCALES = [
  { tag: 'en-US', name: 'English (United States)', dir: 'ltr' },
  { tag: 'en-GB', name: 'English (United Kingdom)', dir: 'ltr' },
  { tag: 'fr-FR', name: 'Français (France)', dir: 'ltr' },
  { tag: 'fr-CA', name: 'Français (Canada)', dir: 'ltr' },
  { tag: 'de-DE', name: 'Deutsch', dir: 'ltr' },
  { tag: 'es-ES', name: 'Español (España)', dir: 'ltr' },
  { tag: 'es-MX', name: 'Español (México)', dir: 'ltr' },
  { tag: 'it-IT', name: 'Italiano', dir: 'ltr' },
  { tag: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { tag: 'ja-JP', name: '日本語', dir: 'ltr' },
  { tag: 'zh-Hans', name: '简体中文', dir: 'ltr' },
  { tag: 'zh-Hant', name: '繁體中文', dir: 'ltr' },
  { tag: 'ko-KR', name: '한국어', dir: 'ltr' },
  { tag: 'ar', name: 'العربية', dir: 'rtl' },
  { tag: 'he', name: 'עברית', dir: 'rtl' },
] as const;

export const PSEUDO_LOCALES = [
  { tag: 'en-XA', name: 'Ȩƞɠŀīşħ (Ƥşḗŭḓǿ)', dir: 'ltr' },
  { tag: 'ar-XB', name: 'Pseudo RTL', dir: 'rtl' },
] as const;

export type LocaleTag = (typeof LOCALES)[number]['tag'] | (typeof PSEUDO_LOCALES)[number]['tag'];

/** The source locale (@portal/contributions/locales): the spec's strings to the letter. */
export const SOURCE_LOCALE = CONTRACT_SOURCE_LOCALE satisfies LocaleTag;

const ALL = [...LOCALES, ...PSEUDO_LOCALES];

export function isLocaleTag(tag: string): tag is LocaleTag {
  return ALL.some((locale) => locale.tag === tag);
}

/** 'rtl' for Arabic, Hebrew and the right-to-left pseudo-locale. */
export function localeDirection(tag: LocaleTag): 'ltr' | 'rtl' {
  return ALL.find((locale) => locale.tag === tag)?.dir ?? 'ltr';
}
