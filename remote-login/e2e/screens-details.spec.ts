import { expect, test } from '@portal/e2e/fixtures';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';
import { submitUserId } from '@portal/e2e/signIn';

// Screenshot tests of remote-login's screens that issue 13 §4 changed (the approach of
// screens.spec.ts; baselines in screens-details.spec.ts-snapshots/). Rewrite after a deliberate change:
//   node scripts/pnpm.mjs --filter @portal/remote-login e2e screens-details.spec.ts --update-snapshots

useScreenshotSetup();

test("the password page with 'More Options' (a password chosen among other factors)", async ({
  page,
  pageErrors: _,
}) => {
  await page.goto('/direct');
  await submitUserId(page, 'owen.options');
  await page.getByRole('radio', { name: 'Password' }).check();
  await page.getByRole('button', { name: 'Select' }).press('Enter');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'More Options' })).toBeVisible();
  await expectScreen(page, 'password-more-options');
});
