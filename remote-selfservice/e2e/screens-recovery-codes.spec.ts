import { expect, test } from '@portal/e2e/fixtures';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';
import { PASSWORD } from '@portal/e2e/signIn';

// Screenshot tests of recovery codes on self-service (issue 22), at 1280 px and 320 px wide, with
// the baselines beside this file; rules and how to rewrite them as in screens.spec.ts. The codes
// are new on every run, so the list is masked.

useScreenshotSetup();

test('a new set of recovery codes, shown once, then the count', async ({ page, pageErrors: _ }) => {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('pat.password');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');

  const generate = page.getByRole('button', { name: 'Generate recovery codes' });
  await expect(generate).toBeEnabled();
  // The screen's arrival has placed focus before the keyboard takes over: a loaded run once saw
  // that move land between focusing the button and Enter, which then opened 'Register'.
  await expect(page.locator('main :focus')).toHaveCount(1);
  await generate.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const codes = dialog.getByRole('list', { name: 'Your new recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
  // Masked by what the list is, not by its English name: the locale pass masks it in other
  // languages too.
  await expectScreen(page, 'recovery-codes-dialog', { mask: [page.locator('.portal-recovery-codes')] });

  await dialog.getByRole('checkbox', { name: 'I have saved them' }).check();
  await dialog.getByRole('button', { name: 'Done' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Recovery codes — 10 left')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerate recovery codes' })).toBeFocused();
  await expectScreen(page, 'self-service-recovery-codes');
});
