import { expect, test } from '@portal/e2e/fixtures';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';
import { PASSWORD } from '@portal/e2e/signIn';

// Screenshot of the welcome page's passkey offer (issue 16, part 4) at 1280 and 320 px; the
// setup, tolerance and fonts are those of screens.spec.ts.

useScreenshotSetup();

test('welcome with the passkey offer', async ({ page, pageErrors: _ }) => {
  await page.goto('/direct');
  const userId = page.getByLabel('User ID');
  await expect(userId).toBeEditable();
  await userId.fill('pat.password');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Hello, Pat Password' })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Sign in faster next time with a passkey' });
  await expect(offer.getByRole('button', { name: 'Not now' })).toBeEnabled();
  await expectScreen(page, 'passkey-offer');
});
