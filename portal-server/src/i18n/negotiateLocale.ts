import { SOURCE_LOCALE } from '@portal/contributions/locales';

/**
 * The page's locale, negotiated per request (issue 26), so the first HTML is already in the right
 * language and direction: the OIDC `ui_locales` of an /oauth2 arrival first, then the user's saved
 * choice (the `portal-locale` cookie the language picker writes), then Accept-Language by quality,
 * then en-US. The locales are the host build's (its first-load.json's catalogues). The page
 * chooses with the same rules (@portal/shared/words chooseLocale; this module mirrors its
 * matching): they agree, and a page without this server still chooses well.
 */
export { SOURCE_LOCALE };

/** What a request says about its language. */
export interface LocaleRequest {
  pathname: string;
  /** The query, with or without its '?'. */
  search: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  /**
   * Whether the query's `ui_locales` counts on a path other than /oauth2: a page's own request for
   * words in its locale (GET /v1/config/contributions?ui_locales=<the page's locale>).
   */
  takesUiLocales?: boolean;
}

const LOCALE_COOKIES = ['portal-locale', '__Host-portal-locale'];

/** Regions nearer another variant than the language's likely one. */
const PREFERRED_REGION: Record<string, { locale: string; regions: readonly string[] }> = {
  es: {
    locale: 'es-MX',
    regions: [
      '419',
      'AR',
      'BO',
      'CL',
      'CO',
      'CR',
      'CU',
      'DO',
      'EC',
      'GT',
      'HN',
      'NI',
      'PA',
      'PE',
      'PR',
      'PY',
      'SV',
      'US',
      'UY',
      'VE',
    ],
  },
  en: { locale: 'en-GB', regions: ['AU', 'NZ', 'IE', 'IN', 'SG', 'ZA', 'HK', 'MY'] },
};

function parsedLocale(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag.trim().replace(/_/g, '-'));
  } catch {
    return undefined;
  }
}

/** The available locale for one requested tag, or undefined. */
export function matchLocale(requested: string, available: readonly string[]): string | undefined {
  const locale = parsedLocale(requested);
  if (!locale) return undefined;
  const has = (tag: string) => available.find((candidate) => candidate.toLowerCase() === tag.toLowerCase());
  const exact = has(requested.trim().replace(/_/g, '-'));
  if (exact) return exact;
  const language = locale.language === 'iw' ? 'he' : locale.language;
  if (language === 'zh') {
    const script = locale.script ?? locale.maximize().script;
    return has(script === 'Hant' ? 'zh-Hant' : 'zh-Hans');
  }
  if (!locale.script && locale.region) {
    const regional = has(`${language}-${locale.region}`);
    if (regional) return regional;
  }
  const preferred = PREFERRED_REGION[language];
  if (preferred && locale.region && preferred.regions.includes(locale.region)) {
    const match = has(preferred.locale);
    if (match) return match;
  }
  const likely = parsedLocale(language)?.maximize().region;
  return (
    has(language) ??
    (likely ? has(`${language}-${likely}`) : undefined) ??
    available.find((candidate) => candidate.split('-')[0] === language)
  );
}

/** Accept-Language's tags, best first (quality, then order); `*` and q=0 left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = quality ? Number(quality.slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

function savedChoice(cookie: string | undefined): string | undefined {
  for (const pair of (cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (LOCALE_COOKIES.includes(pair.slice(0, separator).trim())) {
      try {
        return decodeURIComponent(pair.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const firstMatch = (tags: readonly string[], available: readonly string[]) =>
  tags.map((tag) => matchLocale(tag, available)).find((match) => match !== undefined);

export function negotiateLocale(request: LocaleRequest, available: readonly string[]): string {
  if (available.length === 0) return SOURCE_LOCALE;
  if (request.takesUiLocales || request.pathname.startsWith('/oauth2')) {
    const uiLocales = new URLSearchParams(request.search).get('ui_locales');
    const match = uiLocales ? firstMatch(uiLocales.split(/\s+/).filter(Boolean), available) : undefined;
    if (match) return match;
  }
  const saved = savedChoice(request.cookie);
  // The saved choice is one of the portal's real locales (never a test's pseudo-locale).
  if (saved && available.includes(saved) && !PSEUDO_LOCALES.includes(saved)) return saved;
  return firstMatch(acceptedLanguages(request.acceptLanguage), available) ?? SOURCE_LOCALE;
}

const PSEUDO_LOCALES = ['en-XA', 'ar-XB'];

/** 'rtl' for a right-to-left script (Arabic, Hebrew, the right-to-left pseudo-locale). */
export function localeDirection(tag: string): 'ltr' | 'rtl' {
  const script = parsedLocale(tag)?.maximize().script;
  return script === 'Arab' || script === 'Hebr' ? 'rtl' : 'ltr';
}
