import { parse } from '@formatjs/icu-messageformat-parser';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type CatalogueSource, icu } from '../src/i18n/icu';
import type { LocaleTag } from '../src/i18n/locales';

const source = {
  sentTo: icu<{ value: string }>('Enter security code sent to {value}'),
  added: icu<{ date: Date }>('Added {date, date, long}'),
  seconds: icu<{ seconds: number }>('in {seconds, plural, one {# second} other {# seconds}}'),
  title: 'Sign in',
  untranslated: 'Only in English',
} as const satisfies CatalogueSource;

/** What `formatjs compile --ast` makes of a locale file. */
const compile = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, parse(message)]));

const translations: Partial<Record<LocaleTag, Record<string, string>>> = {
  'fr-FR': {
    added: 'Ajouté le {date, date, long}',
    seconds: 'dans {seconds, plural, one {# seconde} other {# secondes}}',
    title: 'Se connecter',
  },
  ar: {
    added: 'أضيف في {date, date, long}',
    seconds:
      'خلال {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}',
    title: 'تسجيل الدخول',
    sentTo: 'أدخل رمز الأمان المرسل إلى {value}',
  },
};

// A copy of the catalogues' module of its own: the locales this file activates must not reach the
// kernel's words the other test files read (they share the module registry).
vi.resetModules();
const { activateLocale, cataloguesReady, currentLocale, defineWords } = await import(
  '../src/i18n/catalogues'
);
// …and after it, the files that come next get theirs afresh (not this activated one).
afterAll(() => {
  vi.resetModules();
});

const loaded: LocaleTag[] = [];
const words = defineWords('test', source, async (locale) => {
  loaded.push(locale);
  // French arrives late: a choice made after it must not be overwritten by it.
  if (locale === 'fr-FR') await new Promise((resolve) => setTimeout(resolve, 20));
  return { default: compile(translations[locale] ?? {}) };
});

const day = new Date('2024-01-05T10:00:00Z');

describe('a catalogue in the active locale', () => {
  it('is the source, to the letter, before any locale is active', () => {
    expect(currentLocale()).toBe('en-US');
    expect(words.added({ date: day })).toBe('Added January 5, 2024');
    expect(words.seconds({ seconds: 1 })).toBe('in 1 second');
    expect(loaded).toEqual([]);
  });

  it("loads the active locale's catalogue only, and formats dates and plurals in it", async () => {
    activateLocale('fr-FR');
    await cataloguesReady();
    expect(loaded).toEqual(['fr-FR']);
    expect(words.title).toBe('Se connecter');
    expect(words.added({ date: day })).toBe('Ajouté le 5 janvier 2024');
    expect(words.seconds({ seconds: 2 })).toBe('dans 2 secondes');
    // Left to right, an argument is as it came.
    expect(words.sentTo({ value: 'a@b.c' })).toBe('Enter security code sent to a@b.c');
    // A message the locale lacks keeps the source's wording (the build fills these in too).
    expect(words.untranslated).toBe('Only in English');
  });

  it("uses the locale's plural rules (Arabic has six forms)", async () => {
    activateLocale('ar');
    await cataloguesReady();
    expect(loaded).toEqual(['fr-FR', 'ar']);
    expect(words.title).toBe('تسجيل الدخول');
    expect(words.seconds({ seconds: 2 })).toBe('خلال ثانيتين');
    expect(words.seconds({ seconds: 1 })).toBe('خلال ثانية واحدة');
  });

  it('keeps the last choice when an earlier one arrives after it', async () => {
    activateLocale('fr-FR');
    activateLocale('ar');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(words.title).toBe('تسجيل الدخول');
  });

  it('isolates a text argument on a right-to-left page, so a phone number keeps its order', () => {
    expect(words.sentTo({ value: '+1 555 0100' })).toBe('أدخل رمز الأمان المرسل إلى \u2068+1 555 0100\u2069');
  });
});
