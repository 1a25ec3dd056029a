import { activateLocale, cataloguesReady } from '@portal/shared/words';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { localisedContent } from '../src/content/localisedContent';

const Schema = v.strictObject({ heading: v.pipe(v.string(), v.minLength(1)) });
const files: Record<string, unknown> = {
  'de-DE': { default: { heading: 'Kontakt' } },
  'fr-FR': { default: { heading: '' } },
};
const asked: string[] = [];
const content = localisedContent('test-page', Schema, { heading: 'Contact' }, async (locale) => {
  asked.push(locale);
  if (!Object.hasOwn(files, locale)) throw new Error(`Cannot find module './${locale}/page.json'`);
  return files[locale];
});

async function inLocale(locale: Parameters<typeof activateLocale>[0]) {
  activateLocale(locale);
  await cataloguesReady();
  return content().heading;
}

describe('a page’s wording in the active locale (localisedContent)', () => {
  afterAll(() => activateLocale('en-US'));

  it('is the en-US wording until a locale is active', () => {
    expect(content().heading).toBe('Contact');
  });

  it('is the locale’s own file once it has loaded', async () => {
    expect(await inLocale('de-DE')).toBe('Kontakt');
    expect(asked).toContain('de-DE');
  });

  it('falls back to en-US where the locale has no file, and where its file fails the schema', async () => {
    expect(await inLocale('en-GB')).toBe('Contact');
    expect(await inLocale('fr-FR')).toBe('Contact');
    expect(await inLocale('de-DE')).toBe('Kontakt');
  });
});
