import { describe, expect, it } from 'vitest';
import { chooseLocale, type LocaleInputs } from '../src/i18n/chooseLocale';
import { matchLocale } from '../src/i18n/negotiate';

const page = (inputs: Partial<LocaleInputs>): LocaleInputs => ({
  pathname: '/direct',
  search: '',
  cookies: '',
  negotiated: null,
  languages: [],
  ...inputs,
});

describe('matchLocale', () => {
  it.each([
    ['fr-CA', 'fr-CA'],
    ['fr-BE', 'fr-FR'],
    ['fr', 'fr-FR'],
    ['es-AR', 'es-MX'],
    ['es-419', 'es-MX'],
    ['es', 'es-ES'],
    ['en-AU', 'en-GB'],
    ['en', 'en-US'],
    ['pt-PT', 'pt-BR'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-Hant-HK', 'zh-Hant'],
    ['ar-EG', 'ar'],
    ['he-IL', 'he'],
    ['iw', 'he'],
    ['ja', 'ja-JP'],
    ['ko-KR', 'ko-KR'],
    ['de_AT', 'de-DE'],
  ])('%s → %s', (requested, expected) => {
    expect(matchLocale(requested)).toBe(expected);
  });

  it.each(['nl-NL', 'tlh', '', '*', 'x-klingon'])('%s is no locale of the portal', (requested) => {
    expect(matchLocale(requested)).toBeNull();
  });
});

describe('chooseLocale', () => {
  it('takes ui_locales on /oauth2 first, in its order of preference', () => {
    const inputs = page({
      pathname: '/oauth2',
      search: '?client_id=a&ui_locales=nl%20de-CH%20fr',
      cookies: 'portal-locale=ja-JP',
      negotiated: 'es-ES',
    });
    expect(chooseLocale(inputs)).toBe('de-DE');
  });

  it('ignores ui_locales anywhere but /oauth2', () => {
    expect(chooseLocale(page({ search: '?ui_locales=de', negotiated: 'es-ES' }))).toBe('es-ES');
  });

  it('then the saved choice, a valid one only', () => {
    expect(chooseLocale(page({ cookies: 'a=1; portal-locale=he; b=2', negotiated: 'es-ES' }))).toBe('he');
    expect(chooseLocale(page({ cookies: 'portal-locale=xx-YY', negotiated: 'es-ES' }))).toBe('es-ES');
  });

  it("then the portal server's negotiation, else the browser's languages, else en-US", () => {
    expect(chooseLocale(page({ negotiated: 'ar', languages: ['ja'] }))).toBe('ar');
    expect(chooseLocale(page({ languages: ['nl', 'ko'] }))).toBe('ko-KR');
    expect(chooseLocale(page({ languages: ['nl'] }))).toBe('en-US');
  });

  it('takes a pseudo-locale when a test asks for it', () => {
    expect(chooseLocale(page({ pathname: '/oauth2', search: '?ui_locales=ar-XB' }))).toBe('ar-XB');
  });
});
