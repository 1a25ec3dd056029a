import * as OTPAuth from 'otpauth';
import { expect, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';

/** tina.totp's authenticator (fixture secret, SHA-1, 6 digits, 30 s). */
const tina = new OTPAuth.TOTP({ secret: 'JBSWY3DPEHPK3PXP', algorithm: 'SHA1', digits: 6, period: 30 });

test('mobile authenticator: the only credential is selected and the TOTP code signs in', async ({
  page,
  pageErrors: _,
}) => {
  await signInWithPassword(page, 'tina.totp');
  await expect(page).toHaveURL(/\/motp$/);
  await expect(page.getByRole('group', { name: 'Security code' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Select a way to sign in' })).toHaveCount(0);
  await page.getByLabel('Digit 1 of 6').pressSequentially(tina.generate());
  await expect(page).toHaveURL(/\/welcome$/);
});

test('mobile authenticator: a wrong code is refused and the code is required', async ({
  page,
  pageErrors: _,
}) => {
  await signInWithPassword(page, 'tina.totp');
  await expect(page).toHaveURL(/\/motp$/);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Security code must be 6 digits long.')).toBeVisible();
  const wrong = tina.generate({ timestamp: Date.now() - 10 * 60_000 });
  await page.getByLabel('Digit 1 of 6').pressSequentially(wrong);
  await expect(page.getByText('Invalid or expired security code')).toBeVisible();
  await expect(page).toHaveURL(/\/motp$/);
});
