import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE } from '../src/constants';
import { browserLanguage, normaliseLanguage } from '../src/i18n/language';

describe('normaliseLanguage', () => {
  it.each([
    ['en-US', 'en_US'],
    ['fr-CA', 'fr_CA'],
    ['de-de', 'de_DE'],
    ['EN-us', 'en_US'],
    ['en_GB', 'en_GB'],
    [' pt-BR ', 'pt_BR'],
    ['zh-Hant-TW', 'zh_TW'],
    ['fr-CA-u-ca-gregory', 'fr_CA'],
    ['en-US-x-private', 'en_US'],
  ])('%s → %s (language_REGION)', (tag, expected) => {
    expect(normaliseLanguage(tag)).toBe(expected);
  });

  it.each([
    ['fr', 'fr_FR'],
    ['pt', 'pt_BR'],
    ['de', 'de_DE'],
    ['es-419', 'es_ES'],
    ['sr-Latn', 'sr_RS'],
  ])('a language without a two-letter region gets its likely region: %s → %s', (tag, expected) => {
    expect(normaliseLanguage(tag)).toBe(expected);
  });

  it.each([undefined, null, '', '   ', 'und', 'x', 'i-klingon', '123', 'en-', '*', 'tlh'])(
    'unknown or malformed %s → en_US',
    (tag) => {
      expect(normaliseLanguage(tag)).toBe(DEFAULT_LANGUAGE);
      expect(DEFAULT_LANGUAGE).toBe('en_US');
    },
  );
});

describe('browserLanguage', () => {
  it('takes the first preferred language, else navigator.language', () => {
    expect(browserLanguage({ languages: ['fr-CA', 'en-US'], language: 'en-US' })).toBe('fr_CA');
    expect(browserLanguage({ languages: [], language: 'de-AT' })).toBe('de_AT');
    expect(browserLanguage({})).toBe('en_US');
    expect(browserLanguage(undefined)).toBe('en_US');
  });

  it("reads the browser's navigator by default", () => {
    expect(browserLanguage()).toBe(normaliseLanguage(navigator.languages[0] || navigator.language));
  });
});
