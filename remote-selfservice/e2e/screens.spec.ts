import { expect, type Page, test } from '@portal/e2e/fixtures';
import { codeSent } from '@portal/e2e/outbox';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';
import { PASSWORD } from '@portal/e2e/signIn';

// Screenshot tests of remote-selfservice's screens (welcome, Manage Credentials, registration),
// at 1280 px and at 320 px wide (full page), compared with the baselines in
// screens.spec.ts-snapshots/ beside this file. The rules of every screenshot test
// (@portal/e2e/screenshots: fixed viewports and clock, fonts-dejavu-core only, the keyboard instead
// of the mouse, masks over QR codes) apply; the fixture users of sso-emulator/README.md sign in
// through the real screens.
//
// A screen changed on purpose: rebuild and stage, then rewrite the baselines and look at the
// changed pictures before committing them:
//   node scripts/pnpm.mjs --filter @portal/remote-selfservice e2e screens.spec.ts --update-snapshots

useScreenshotSetup();

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

async function enterUserId(page: Page, userId: string, rememberMe = true): Promise<void> {
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(userId);
  if (!rememberMe) await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
}

/** The User ID (remembered or not) and the password. */
async function signIn(page: Page, userId: string, rememberMe: boolean): Promise<void> {
  await page.goto('/direct');
  await enterUserId(page, userId, rememberMe);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
}

test('welcome, manage credentials, register, mobile authenticator registration', async ({
  page,
  pageErrors: _,
}) => {
  await signIn(page, 'pat.password', true);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Credentials' })).toBeFocused();
  await expectScreen(page, 'welcome', { looks: true });

  await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');
  await expect(heading(page, 'Manage Credentials')).toBeVisible();
  await expect(page.getByText('You have no registered credentials.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register a new credential' })).toBeFocused();
  await expectScreen(page, 'self-service-empty');

  await page.getByRole('button', { name: 'Register a new credential' }).press('Enter');
  await expect(page.getByRole('group', { name: 'Choose a credential type' })).toBeVisible();
  await expectScreen(page, 'register', { looks: true });

  await page.getByRole('radio', { name: 'Code from Mobile Authenticator', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await page.getByLabel('Authenticator name').fill('My phone');
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(page).toHaveURL(/\/register\/totp$/);
  const qr = page.getByRole('img', { name: 'QR code for your mobile authenticator' });
  await expect(qr).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  // The QR code carries a fresh secret on every run (masked by what it is, not by its English
  // name: the locale pass masks it in other languages too).
  await expectScreen(page, 'register-totp', { mask: [page.locator('.portal-qr-code')], looks: true });
});

test('manage credentials with the fixture credentials', async ({ page, emulator, pageErrors: _ }) => {
  await signIn(page, 'olga.otp', false);
  const chooser = page.getByRole('group', { name: 'Select a way to sign in' });
  await expect(chooser.getByRole('radio')).toHaveCount(4);
  await chooser.getByRole('radio', { name: /\(Email\)$/ }).check();
  await page.getByRole('button', { name: 'Send Code' }).press('Enter');
  await expect(page.getByText(/^Enter security code sent to .+/)).toBeVisible();
  await page.getByLabel('Digit 1 of 6').pressSequentially(await codeSent(emulator, 'olga.otp'));
  await expect(page).toHaveURL(/\/welcome$/);

  await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');
  const items = page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Register a new credential' })).toBeFocused();
  await expectScreen(page, 'self-service', { looks: true });
});

/** A display name and an e-mail address of 200 characters without a break (issue 30). */
const LONG_NAME = 'N'.repeat(200);
const LONG_EMAIL = `${'e'.repeat(188)}@example.com`;

/** Whether an element's content fits inside it (nothing runs out sideways). */
async function fitsInside(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => element.scrollWidth <= element.clientWidth);
}

test('a 200-character unbroken name and e-mail address wrap inside the welcome card and the credential card', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('users/pat.password/credentials', { credType: 'email', credValue: LONG_EMAIL });
  await emulator.post('faults', {
    call: 'oauth2/v1/userinfo',
    reply: { kind: 'patch', patch: { name: LONG_NAME } },
  });
  await signIn(page, 'pat.password', true);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, N+/ })).toBeVisible();
  expect(await fitsInside(page, '.portal-main')).toBe(true);
  await expectScreen(page, 'welcome-long-name');
  // expectScreen leaves the page at 320 px: the card still holds the name there.
  expect(await fitsInside(page, '.portal-main')).toBe(true);

  await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');
  // Shown bounded (boundedText): its first 128 characters and an ellipsis.
  await expect(page.getByText(/^e{128}…$/)).toBeVisible();
  expect(await fitsInside(page, '.portal-credential')).toBe(true);
  expect(await fitsInside(page, '.portal-main')).toBe(true);
  await expectScreen(page, 'self-service-long-email');
});
