import { expect, type Page, test } from '@portal/e2e/fixtures';
import { codeSent } from '@portal/e2e/outbox';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';
import { PASSWORD } from '@portal/e2e/signIn';
import { addVirtualAuthenticator } from '@portal/e2e/webauthn';

// Screenshot tests of remote-factors' screens (chooser, one-time codes, mobile authenticator, push,
// token code, factor selection, FIDO), at 1280 px and at 320 px wide (full page), compared with the
// baselines in screens.spec.ts-snapshots/ beside this file. The rules of every screenshot test
// (@portal/e2e/screenshots: fixed viewports and clock, fonts-dejavu-core only, the keyboard instead
// of the mouse) apply; each screen is reached the way a user reaches it, with the fixture users of
// sso-emulator/README.md, codes read from the emulator's outbox and faults armed in it.
//
// A screen changed on purpose: rebuild and stage, then rewrite the baselines and look at the
// changed pictures before committing them:
//   node scripts/pnpm.mjs --filter @portal/remote-factors e2e screens.spec.ts --update-snapshots

useScreenshotSetup();

/** User ID (not remembered, so nothing submits itself later), then the password. */
async function signIn(page: Page, userId: string): Promise<void> {
  await page.goto('/direct');
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(userId);
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
}

test('the multi-credential chooser', async ({ page, pageErrors: _ }) => {
  await signIn(page, 'olga.otp');
  const chooser = page.getByRole('group', { name: 'Select a way to sign in' });
  await expect(chooser.getByRole('radio')).toHaveCount(4);
  await expect(chooser.getByRole('radio').first()).toBeFocused();
  await expectScreen(page, 'otp-chooser', { looks: true });
});

test('the SMS code screen with its six boxes', async ({ page, emulator, pageErrors: _ }) => {
  await signIn(page, 'sam.sms');
  await expect(page).toHaveURL(/\/sotp$/);
  await expect(page.getByText(/^Enter security code sent to .+/)).toBeVisible();
  await codeSent(emulator, 'sam.sms');
  await expect(page.getByLabel('Digit 6 of 6')).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await expectScreen(page, 'otp-sms', { looks: true });
});

test('the SMS code screen after Resend: the new code confirmed', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await signIn(page, 'sam.sms');
  await expect(page.getByText(/^Enter security code sent to .+/)).toBeVisible();
  await codeSent(emulator, 'sam.sms');
  await page.getByRole('button', { name: 'Resend' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^A new code was sent to .+\.$/ })).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await expectScreen(page, 'otp-sms-resent');
});

test('mobile authenticator code', async ({ page, pageErrors: _ }) => {
  await signIn(page, 'tina.totp');
  await expect(page).toHaveURL(/\/motp$/);
  await expect(page.getByRole('group', { name: 'Security code' })).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await expectScreen(page, 'motp', { looks: true });
});

test('push, waiting for the approval', async ({ page, emulator, pageErrors: _ }) => {
  await signIn(page, 'pete.push');
  await expect(page).toHaveURL(/\/push$/);
  await expect.poll(async () => (await emulator.get<unknown[]>('pushes')).length).toBe(1);
  await expect(page.getByText(/^Accept push request on your .+ to login\.$/)).toBeVisible();
  // The loading bar shows once the wait has gone a second (the kernel's busy indicator).
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectScreen(page, 'push', { looks: true });
});

test('token code', async ({ page, pageErrors: _ }) => {
  await signIn(page, 'sid.securid');
  await expect(page).toHaveURL(/\/securid$/);
  await expect(page.getByLabel('Enter your pin and passcode')).toBeFocused();
  await expectScreen(page, 'securid', { looks: true });
});

test('factor selection', async ({ page, pageErrors: _ }) => {
  await signIn(page, 'felix.factors');
  await expect(page).toHaveURL(/\/factorselection$/);
  await expect(
    page.getByRole('group', { name: 'Select an authentication method' }).getByRole('radio'),
  ).toHaveCount(7);
  await expect(page.getByRole('radio').first()).toBeFocused();
  await expectScreen(page, 'factor-selection', { looks: true });
});

test('FIDO biometric, registering on the first sign-in', async ({ page, emulator, pageErrors: _ }) => {
  await addVirtualAuthenticator(page, { transport: 'internal' });
  // The service checks the new credential slowly, so the screen stays while it is looked at.
  await emulator.post('faults', { call: 'factor/v1/FIDORegChallengeVerifier', delayMs: 30_000 });
  await signIn(page, 'fiona.fido');
  await expect(page).toHaveURL(/\/fido$/);
  await expect(page.getByRole('heading', { name: 'FIDO Device Registration' })).toBeVisible();
  // The loading bar shows once the wait has gone a second (the kernel's busy indicator).
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectScreen(page, 'fido', { looks: true });
});
