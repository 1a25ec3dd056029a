import { atom, useAtomValue } from 'jotai';
import { type Saying, said } from '../i18n/saying';
import { errorMessageAtom } from './atoms';
import type { PortalStore } from './store';

/**
 * What errorMessageAtom's text says (a Saying), beside the text it was when written: the text
 * stays in errorMessageAtom for whoever reads it as a string, the saying lets the page show it in
 * the language of the moment. Module-private: written only through keepErrorMessage.
 */
const errorSayingAtom = atom<{ readonly text: string; readonly saying: Saying } | null>(null);

/** Sets the banner's message (errorMessageAtom) from what to say, so it follows a language switch. */
export function keepErrorMessage(store: PortalStore, saying: Saying): void {
  const text = said(saying);
  store.set(errorSayingAtom, { text, saying });
  store.set(errorMessageAtom, text);
}

/**
 * errorMessageAtom's message in the active locale: the saying it was written from, while the atom
 * still holds that text (whoever wrote another text, or cleared it, is read as written).
 */
export function useErrorMessage(): string | null {
  const text = useAtomValue(errorMessageAtom);
  const kept = useAtomValue(errorSayingAtom);
  if (text === null) return null;
  return kept && kept.text === text ? said(kept.saying) : text;
}
