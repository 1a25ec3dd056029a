import { expect, type Page, test } from '@portal/e2e/fixtures';
import { codeSent } from '@portal/e2e/outbox';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen, FIXED_TIME } from '@portal/e2e/screenshots';
import { PASSWORD, submitUserId } from '@portal/e2e/signIn';
import { addVirtualAuthenticator } from '@portal/e2e/webauthn';

// Screenshot tests of remote-selfservice's screens that issue 13 §4 changed or added (the approach
// of screens.spec.ts; baselines in screens-details.spec.ts-snapshots/). Rewrite after a deliberate change:
//   node scripts/pnpm.mjs --filter @portal/remote-selfservice e2e screens-details.spec.ts --update-snapshots

useScreenshotSetup();

/** From /direct through the User ID and the password, with the keyboard. */
async function passwordStep(page: Page, userId: string): Promise<void> {
  await page.goto('/direct');
  await submitUserId(page, userId);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
}

test('the delete confirmation dialog of self-service', async ({ page, emulator, pageErrors: _ }) => {
  // sam.sms: his fixture SMS credential has a fixed date, so nothing needs painting over.
  await passwordStep(page, 'sam.sms');
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await page.getByLabel('Digit 1 of 6').pressSequentially(await codeSent(emulator, 'sam.sms'));
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');
  // The screen focuses its first control: wait for that before moving on with the keyboard.
  await expect(page.getByRole('button', { name: 'Register a new credential' })).toBeFocused();
  await page.getByRole('button', { name: /^Delete SMS / }).press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAttribute('data-phase', 'open');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectScreen(page, 'confirm-delete');
});

test('self-service: a security key while it is asked for, then the list with the new-credential notice', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  // kim.securitykey registers a key on his first sign-in; a second one is then registered in
  // self-service, its verification held back long enough for the picture.
  const first = await addVirtualAuthenticator(page, { transport: 'usb', hasResidentKey: false });
  await passwordStep(page, 'kim.securitykey');
  await expect(page).toHaveURL(/\/welcome$/);
  await first.remove();
  await addVirtualAuthenticator(page, { transport: 'usb', hasResidentKey: false });
  await emulator.post('faults', { call: 'factor/v1/FIDORegChallengeVerifier', delayMs: 10_000 });

  // The credentials as the emulator lists them, dated as on the page's fixed clock (the emulator
  // dates them today; a longer date would wrap differently at 320 px).
  await page.route('**/factor/v1/MeCreds', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const reply = (await response.json()) as { credentials: Record<string, unknown>[] };
    const fixed = FIXED_TIME.toISOString();
    const credentials = reply.credentials.map((c) => ({
      ...c,
      createdDatetime: fixed,
      modifiedDatetime: fixed,
    }));
    return route.fulfill({ response, json: { ...reply, credentials } });
  });
  await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Register a new credential' })).toBeFocused();
  await page.getByRole('button', { name: 'Register a new credential' }).press('Enter');
  await page.getByRole('radio', { name: 'Security key', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await page.getByRole('textbox').fill('Second key');
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Validate your security key' })).toBeVisible();
  // The loading bar shows once the wait has gone a second (the kernel's busy indicator).
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectScreen(page, 'register-security-key-waiting');

  await expect(page.getByRole('status').filter({ hasText: 'A new credential was added.' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Added January 15, 2026')).toHaveCount(2);
  await expectScreen(page, 'self-service-new-credential');
});
