import { expect, type Page, test } from '@portal/e2e/fixtures';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';
import { PASSWORD } from '@portal/e2e/signIn';

// Screenshot tests of remote-login's screens (landing, User ID, password, change password,
// identity provider, the end pages), at 1280 px and at 320 px wide (full page), compared with the
// baselines in screens.spec.ts-snapshots/ beside this file. The rules of every screenshot test
// (@portal/e2e/screenshots: fixed viewports and clock, fonts-dejavu-core only, the keyboard instead
// of the mouse) apply; each screen is reached the way a user reaches it, with the fixture users of
// sso-emulator/README.md.
//
// A screen changed on purpose: rebuild and stage, then rewrite the baselines and look at the
// changed pictures before committing them:
//   node scripts/pnpm.mjs --filter @portal/remote-login e2e screens.spec.ts --update-snapshots

useScreenshotSetup();

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

async function enterUserId(page: Page, userId: string, rememberMe = true): Promise<void> {
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(userId);
  if (!rememberMe) await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
}

/** User ID (not remembered, so nothing submits itself later), then the password. */
async function signIn(page: Page, userId: string): Promise<void> {
  await page.goto('/direct');
  await enterUserId(page, userId, false);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
}

test('landing, User ID, password, signed out', async ({ page, pageErrors: _ }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login Assistance' }).first()).toBeVisible();
  await expectScreen(page, 'landing', { looks: true });

  await page.goto('/direct');
  await expect(page.getByLabel('User ID')).toBeFocused();
  await expectScreen(page, 'user-id', { looks: true });

  await enterUserId(page, 'pat.password');
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expectScreen(page, 'password', { looks: true });

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('link', { name: 'Manage Credentials' })).toBeFocused();

  await page.getByRole('button', { name: 'Log out' }).press('Enter');
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect(heading(page, 'Logout Successful')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in again' })).toBeFocused();
  await expectScreen(page, 'signed-out', { looks: true });
});

test('change password', async ({ page, pageErrors: _ }) => {
  await signIn(page, 'chris.change');
  await expect(page).toHaveURL(/\/changePassword$/);
  await expect(page.getByRole('heading', { name: 'Update Password Required' })).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toBeFocused();
  await expectScreen(page, 'change-password', { looks: true });
});

test('identity provider, while connecting', async ({ page, emulator, pageErrors: _ }) => {
  // A slow provider hand-off keeps 'Connecting to …' on the screen.
  await emulator.post('faults', { call: 'oauth2/v1/idp', method: 'GET', delayMs: 30_000 });
  await page.goto('/direct');
  await enterUserId(page, 'ida.idp', false);
  await expect(page).toHaveURL(/\/idp$/);
  await expect(page.getByRole('heading', { name: /^Connecting to / })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectScreen(page, 'idp', { looks: true });
});

test('access denied, restart required', async ({ page, emulator, pageErrors: _ }) => {
  await page.goto('/direct');
  await enterUserId(page, 'dan.denied', false);
  await expect(page).toHaveURL(/\/denied$/);
  await expect(heading(page, 'Access Denied')).toBeVisible();
  await expectScreen(page, 'denied', { looks: true });

  // The service answers with a step this portal does not know.
  await emulator.post('faults', { call: 'auth/v1/authenticate', body: { nextaction: 'SOMETHING_NEW' } });
  await page.goto('/direct');
  await enterUserId(page, 'pat.password', false);
  await expect(page).toHaveURL(/\/restartRequired$/);
  await expect(
    page.getByRole('heading', { name: 'Unrecoverable error. Please restart login or try again later.' }),
  ).toBeVisible();
  await expectScreen(page, 'restart-required', { looks: true });
});
