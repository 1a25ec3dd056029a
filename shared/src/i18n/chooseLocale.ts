import { firstSupported, matchLocale } from './negotiate';
import { type LocaleTag, SOURCE_LOCALE } from './locales';
import { readSavedLocale } from './savedLocale';

/** What the page's locale is chosen from (the page's own, by default; tests pass their own). */
export interface LocaleInputs {
  /** The page's path and query. */
  pathname: string;
  search: string;
  /** The page's cookies. */
  cookies: string;
  /** `<html lang>` when the portal server negotiated it (`data-negotiated`), else null. */
  negotiated: string | null;
  /** The browser's preferred languages. */
  languages: readonly string[];
}

function pageInputs(): LocaleInputs {
  const root = globalThis.document?.documentElement;
  return {
    pathname: globalThis.location?.pathname ?? '/',
    search: globalThis.location?.search ?? '',
    cookies: globalThis.document?.cookie ?? '',
    negotiated: root?.hasAttribute('data-negotiated') ? root.lang : null,
    languages: globalThis.navigator?.languages ?? [],
  };
}

/**
 * The page's locale: the OIDC `ui_locales` of an /oauth2 arrival first (space-separated, in order
 * of preference), then the user's saved choice, then the portal server's negotiation of
 * Accept-Language (the page's `<html lang>`; without a portal server, the browser's languages),
 * then en-US.
 */
export function chooseLocale(inputs: LocaleInputs = pageInputs()): LocaleTag {
  if (inputs.pathname.startsWith('/oauth2')) {
    const requested = new URLSearchParams(inputs.search).get('ui_locales');
    const match = requested ? firstSupported(requested.split(/\s+/).filter(Boolean)) : null;
    if (match) return match;
  }
  const saved = readSavedLocale(inputs.cookies);
  if (saved) return saved;
  if (inputs.negotiated) return matchLocale(inputs.negotiated) ?? SOURCE_LOCALE;
  return firstSupported(inputs.languages) ?? SOURCE_LOCALE;
}
