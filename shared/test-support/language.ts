import { act } from '@testing-library/react';
import { afterEach } from 'vitest';
import { portalStore } from '@portal/shared/session';
import { type LocaleTag, SOURCE_LOCALE, switchLocale } from '@portal/shared/words';

/**
 * Switches the page's language as the footer's picker does (catalogues loaded, then `<html lang
 * dir>` and the screens), inside act so the rendered screen shows the new words. The compiled
 * catalogues are the build's (compiledCatalogues.ts makes them where no build has).
 */
export async function switchLanguage(locale: LocaleTag): Promise<void> {
  await act(() => switchLocale(portalStore, locale));
}

/**
 * For a test file that switches the language: after each test the page is back in the source
 * locale (the catalogues' locale is module state the next test, or file, would otherwise inherit).
 */
export function switchBackAfterEach(): void {
  afterEach(async () => {
    await switchLocale(portalStore, SOURCE_LOCALE);
  });
}
