import { expect, type Page, test } from '@portal/e2e/fixtures';
import { codeSent } from '@portal/e2e/outbox';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';
import { PASSWORD } from '@portal/e2e/signIn';

// Screenshot tests of the step-up dialog (issue 21 item 11; the approach of screens.spec.ts:
// fixed viewports, fixed clock, fonts of fonts-dejavu-core, the keyboard; baselines in
// screens-step-up.spec.ts-snapshots/). Rewrite after a deliberate change:
//   node scripts/pnpm.mjs --filter @portal/remote-selfservice e2e screens-step-up.spec.ts --update-snapshots

useScreenshotSetup();

/** sam.sms (one SMS credential with a fixed date) signed in, the SSO offering step-up, Delete SMS pressed. */
async function stepUpDialog(page: Page, emulator: Parameters<typeof codeSent>[0]): Promise<void> {
  await emulator.post('settings', { stepUp: 'on' });
  await page.goto('/direct');
  const userId = page.getByLabel('User ID');
  await expect(userId).toBeEditable();
  await userId.fill('sam.sms');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await page.getByLabel('Digit 1 of 6').pressSequentially(await codeSent(emulator, 'sam.sms'));
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Register a new credential' })).toBeFocused();
  await page.getByRole('button', { name: /^Delete SMS / }).press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAttribute('data-phase', 'open');
  await expect(dialog.getByLabel('Password')).toBeFocused();
}

test('the step-up dialog: the delete question and the password', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await stepUpDialog(page, emulator);
  await expectScreen(page, 'step-up-delete');
});

test('the step-up dialog after a wrong password', async ({ page, emulator, pageErrors: _ }) => {
  await stepUpDialog(page, emulator);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByLabel('Password').press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('That password is not correct. Please try again.');
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await expectScreen(page, 'step-up-wrong-password');
});
