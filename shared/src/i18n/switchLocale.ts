import { atom, type createStore } from 'jotai';
import { activateLocale, cataloguesReady } from './catalogues';
import { type LocaleTag, localeDirection, SOURCE_LOCALE } from './locales';
import { type SavedLocale, saveLocale } from './savedLocale';

type Store = ReturnType<typeof createStore>;

/**
 * The page's locale once its catalogues have arrived. The host's router reads it, so a new choice
 * renders every screen again in the new words (nothing is remounted: a typed value stays).
 */
export const localeAtom = atom<LocaleTag>(SOURCE_LOCALE);

/** `<html lang dir>` for a locale. */
export function applyDocumentLocale(root: HTMLElement, locale: LocaleTag): void {
  root.lang = locale;
  root.dir = localeDirection(locale);
}

/** Makes `locale` the page's: loads every catalogue in it, then switches document and screens. */
export async function switchLocale(store: Store, locale: LocaleTag): Promise<void> {
  activateLocale(locale);
  await cataloguesReady();
  applyDocumentLocale(document.documentElement, locale);
  store.set(localeAtom, locale);
}

/** The language picker's choice: remembered (the next page is answered in it), then applied. */
export async function chooseLanguage(store: Store, locale: SavedLocale): Promise<void> {
  saveLocale(locale);
  await switchLocale(store, locale);
}
