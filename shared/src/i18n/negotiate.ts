import { isLocaleTag, LOCALES, type LocaleTag } from './locales';

/**
 * The portal's locale for a requested language tag, or null when it has none that fits: the exact
 * tag ('fr-CA'), then the same language in its script or another region ('zh-TW' → zh-Hant,
 * 'zh-CN' → zh-Hans, 'fr-BE' → fr-FR, 'es-AR' → es-MX, 'en-AU' → en-GB, 'ar-EG' → ar, 'iw' → he).
 * The portal server negotiates Accept-Language with the same rules (portal-server/src/i18n/).
 */
export function matchLocale(requested: string): LocaleTag | null {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(requested.trim().replace(/_/g, '-'));
  } catch {
    return null;
  }
  const exact = `${locale.language}${locale.region ? `-${locale.region}` : ''}`;
  if (isLocaleTag(exact) && !locale.script) return exact;
  if (isLocaleTag(requested)) return requested;
  const language = locale.language === 'iw' ? 'he' : locale.language;
  if (language === 'zh') {
    const script = locale.script ?? safeMaximize(locale)?.script;
    return script === 'Hant' ? 'zh-Hant' : 'zh-Hans';
  }
  const sameLanguage = LOCALES.filter((candidate) => candidate.tag.split('-')[0] === language);
  if (sameLanguage.length === 0) return null;
  const preferred = PREFERRED_REGION[language];
  if (preferred && locale.region && preferred.regions.includes(locale.region)) return preferred.locale;
  return sameLanguage[0]?.tag ?? null;
}

/** Regions nearer another variant than the language's first one (Latin America, the Commonwealth). */
const PREFERRED_REGION: Record<string, { locale: LocaleTag; regions: readonly string[] }> = {
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

function safeMaximize(locale: Intl.Locale): Intl.Locale | undefined {
  try {
    return locale.maximize();
  } catch {
    return undefined;
  }
}

/** The first of the user's preferred tags the portal speaks (null when none). */
export function firstSupported(tags: readonly string[]): LocaleTag | null {
  for (const tag of tags) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}
