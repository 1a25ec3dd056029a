import { useCallback, useState } from 'react';
import { type Saying, said } from '../i18n/saying';

/**
 * State that holds what to say (an error banner's text, a field's message), not the words: they
 * are read at each render, so after a language switch the message shows in the new language.
 * Set it with `() => messages.x` for the catalogue's words, a string for the server's own text.
 */
export function useSaying(initial: Saying | null = null): [string | null, (saying: Saying | null) => void] {
  const [saying, setSaying] = useState<Saying | null>(() => initial);
  // A function given to a state setter is an updater: the saying goes in wrapped.
  const say = useCallback((next: Saying | null) => setSaying(() => next), []);
  return [saying === null ? null : said(saying), say];
}
