import { expect, type Page, test } from '@portal/e2e/fixtures';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';
import { PASSWORD } from '@portal/e2e/signIn';

// Screenshot tests of the recovery-code factor (issue 22), at 1280 px and 320 px wide, with the
// baselines beside this file; rules and how to rewrite them as in screens.spec.ts.

useScreenshotSetup();

/** rory.recovery up to the recovery-code screen, by keyboard. */
async function toRecoveryCode(page: Page): Promise<void> {
  await page.goto('/direct');
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill('rory.recovery');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  const recovery = page.getByRole('radio', { name: 'Recovery code' });
  await expect(recovery).toBeVisible();
  await recovery.check();
  await page.getByRole('button', { name: 'Select' }).press('Enter');
  await expect(page.getByLabel('Enter one of your recovery codes')).toBeFocused();
}

test('the recovery-code screen', async ({ page, pageErrors: _ }) => {
  await toRecoveryCode(page);
  await expectScreen(page, 'recovery-code', { looks: true });
});

test('the recovery-code screen after a wrong code', async ({ page, pageErrors: _ }) => {
  await toRecoveryCode(page);
  await page.getByLabel('Enter one of your recovery codes').fill('AAAAA-AAAAA');
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  await expect(page.getByText('That recovery code is not valid or has already been used.')).toBeVisible();
  await expect(page.getByLabel('Enter one of your recovery codes')).toBeFocused();
  await expectScreen(page, 'recovery-code-wrong');
});
