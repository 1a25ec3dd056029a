import { englishLeft } from '../src/englishLeft';
import { expect, test } from '../src/fixtures';
import { useScreenshotSetup } from '../src/screenshotSuite';
import { expectScreen } from '../src/screenshots';
import { PASSWORD } from '../src/signIn';

// Every screen in every language (issue 26): the main screens in the pseudo-locales generated from
// the source at build time, en-XA (accented, lengthened, in brackets: English left in code,
// truncation and overflow show) and ar-XB (right to left: a mirroring mistake shows), at 1280 and
// 320 px (baselines in pseudo-locales.spec.ts-snapshots/), and in Arabic, a real right-to-left
// locale, for the axe checks every test runs (src/axeGuard.ts). The page's language is negotiated
// from the browser's (Accept-Language) by the portal server (docs/architecture.md, "Languages").
//
// The labels are not English here, so fields are found by their ids and buttons by their type.

useScreenshotSetup();

const LOCALES = [
  { locale: 'en-XA', dir: 'ltr', screenshots: true },
  { locale: 'ar-XB', dir: 'rtl', screenshots: true },
  { locale: 'ar', dir: 'rtl', screenshots: false },
] as const;

for (const { locale, dir, screenshots } of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('landing, User ID, password and welcome', async ({ page, pageErrors: _ }) => {
      const screen = async (name: string) => {
        if (locale !== 'ar') expect(await englishLeft(page), 'English left on the screen').toEqual([]);
        if (screenshots) await expectScreen(page, `${locale}-${name}`);
      };

      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await screen('landing');

      await page.goto('/direct');
      const userId = page.locator('#portal-user-id');
      await expect(userId).toBeEditable();
      await userId.fill('pat.password');
      // Submit is enabled once login start has answered and a User ID is typed: a settled screen.
      await expect(page.locator('form button[type=submit]')).toBeEnabled();
      await screen('user-id');
      await page.locator('form button[type=submit]').press('Enter');

      const password = page.locator('input[type=password]');
      await expect(password).toBeEditable();
      await expect(page).toHaveTitle(/./);
      await screen('password');
      await password.fill(PASSWORD);
      await page.locator('form button[type=submit]').press('Enter');

      await expect(page).toHaveURL(/\/welcome$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(locale === 'ar' ? 'مرحبًا' : /\S/);
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
    });
  });
}
