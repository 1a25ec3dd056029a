import { expect, type Page, test } from '../src/fixtures';
import { codeSent } from '../src/outbox';
import { PASSWORD } from '../src/signIn';
import { addVirtualAuthenticator } from '../src/webauthn';

// Issue 16 §2: every screen state at 320 px, each checked with axe-core (the axe guard's
// checkA11y: WCAG 2.0–2.2 A/AA, at the viewport in use) and nothing wider than the screen.

test.use({ viewport: { width: 320, height: 640 } });
test.describe.configure({ mode: 'parallel' });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The state is checked with axe, and the page does not scroll sideways (WCAG 1.4.10). */
async function checkScreen(
  page: Page,
  checkA11y: (page: Page, options?: { whileBusy?: boolean }) => Promise<void>,
  whileBusy = false,
): Promise<void> {
  await checkA11y(page, { whileBusy });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
}

async function enterUserId(page: Page, userId: string): Promise<void> {
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(userId);
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function signIn(page: Page, userId: string): Promise<void> {
  await page.goto('/direct');
  await enterUserId(page, userId);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeEditable();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('landing, User ID, password (and its errors), welcome, credentials, registration, idle warning, signed out', async ({
  page,
  checkA11y,
  pageErrors: _,
}) => {
  await page.goto('/');
  await expect(heading(page, 'A Better Login Experience')).toBeFocused();
  await checkScreen(page, checkA11y);

  await page.goto('/direct');
  await expect(page.getByLabel('User ID')).toBeFocused();
  await checkScreen(page, checkA11y);

  await enterUserId(page, 'pat.password');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await checkScreen(page, checkA11y);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await checkScreen(page, checkA11y);
  await page.getByLabel('Password', { exact: true }).fill('wrong');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await checkScreen(page, checkA11y);

  await page.clock.install();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  await checkScreen(page, checkA11y);

  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  await expect(page.getByText('You have no registered credentials.')).toBeVisible();
  await checkScreen(page, checkA11y);

  await page.getByRole('button', { name: 'Register a new credential' }).click();
  await expect(page.getByRole('group', { name: 'Choose a credential type' })).toBeVisible();
  await checkScreen(page, checkA11y);
  await page.getByRole('radio', { name: 'Code from Mobile Authenticator', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Authenticator name')).toBeVisible();
  await checkScreen(page, checkA11y);
  await page.getByLabel('Authenticator name').fill('My phone');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your mobile authenticator' })).toBeVisible();
  await checkScreen(page, checkA11y);

  await page.clock.fastForward('08:10');
  await expect(page.getByRole('alertdialog', { name: 'Are you still there?' })).toBeVisible();
  await checkScreen(page, checkA11y);
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect(page.getByText(/inactive for 10 minutes/)).toBeVisible();
  await checkScreen(page, checkA11y);
});

test('the chooser, the e-mail code, credentials and the delete confirmation', async ({
  page,
  emulator,
  checkA11y,
  pageErrors: _,
}) => {
  await signIn(page, 'olga.otp');
  const chooser = page.getByRole('group', { name: 'Select a way to sign in' });
  await expect(chooser.getByRole('radio')).toHaveCount(4);
  await checkScreen(page, checkA11y);
  await chooser.getByRole('radio', { name: /\(Email\)$/ }).check();
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await checkScreen(page, checkA11y);
  await page.getByLabel('Digit 1 of 6').pressSequentially(await codeSent(emulator, 'olga.otp'));
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  const items = page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem');
  await expect(items).toHaveCount(4);
  await checkScreen(page, checkA11y);
  await items
    .first()
    .getByRole('button', { name: /^Delete / })
    .click();
  await expect(page.getByRole('dialog', { name: 'Please confirm' })).toBeVisible();
  await checkScreen(page, checkA11y);
});

test('SMS code: the boxes, a wrong code, the error banner and its assistance dialog', async ({
  page,
  emulator,
  checkA11y,
  pageErrors: _,
}) => {
  await signIn(page, 'sam.sms');
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await checkScreen(page, checkA11y);
  const code = await codeSent(emulator, 'sam.sms');
  await page.keyboard.type(code.replace(/^./, (digit) => String((Number(digit) + 1) % 10)));
  await expect(page.getByRole('alert')).toBeVisible();
  await checkScreen(page, checkA11y);

  await emulator.post('faults', { call: 'factor/v1/OTPGenerator', status: 503, times: 5 });
  await page.getByRole('button', { name: 'Resend' }).click();
  const moreInfo = page.getByRole('main').getByRole('button', { name: 'More Info' });
  await expect(moreInfo).toBeVisible();
  await checkScreen(page, checkA11y);
  await moreInfo.click();
  await expect(page.getByRole('dialog', { name: 'Login Assistance Information' })).toBeVisible();
  await checkScreen(page, checkA11y);
});

for (const { user, path, ready } of [
  { user: 'tina.totp', path: '/motp', ready: 'Digit 1 of 6' },
  { user: 'sid.securid', path: '/securid', ready: 'Enter your pin and passcode' },
  { user: 'chris.change', path: '/changePassword', ready: 'Current password' },
  { user: 'nora.newsms', path: '/sotp', ready: 'Phone number with country code' },
] as const) {
  test(`${path} (${user})`, async ({ page, checkA11y, pageErrors: _ }) => {
    await signIn(page, user);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByLabel(ready, { exact: true })).toBeFocused();
    await checkScreen(page, checkA11y);
  });
}

test('/motp enrolment (mia.newtotp), push (pete.push), factor selection (felix.factors)', async ({
  page,
  emulator,
  checkA11y,
  pageErrors: _,
}) => {
  await signIn(page, 'mia.newtotp');
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  await checkScreen(page, checkA11y);

  await signIn(page, 'pete.push');
  await expect(page).toHaveURL(/\/push$/);
  await expect.poll(async () => (await emulator.get<unknown[]>('pushes')).length).toBe(1);
  await checkScreen(page, checkA11y, true);

  await signIn(page, 'felix.factors');
  await expect(page).toHaveURL(/\/factorselection$/);
  await checkScreen(page, checkA11y);
});

test('FIDO and the identity provider, while they wait', async ({
  page,
  emulator,
  checkA11y,
  pageErrors: _,
}) => {
  await addVirtualAuthenticator(page, { transport: 'internal' });
  await emulator.post('faults', { call: 'factor/v1/FIDORegChallengeVerifier', delayMs: 30_000 });
  await signIn(page, 'fiona.fido');
  await expect(page.getByRole('status').filter({ hasText: 'Validate your biometric' })).toBeVisible();
  await checkScreen(page, checkA11y, true);

  await emulator.post('faults', { call: 'oauth2/v1/idp', method: 'GET', delayMs: 30_000 });
  await page.goto('/direct');
  await enterUserId(page, 'ida.idp');
  await expect(page).toHaveURL(/\/idp$/);
  // The screen's own status line (the shell's announcer also names the screen, so match the text).
  await expect(
    page.getByRole('status').filter({ hasText: 'You are being sent to your identity provider' }),
  ).toBeVisible();
  await checkScreen(page, checkA11y, true);
});

test('denied, restart required, not found, help and information pages', async ({
  page,
  emulator,
  checkA11y,
  pageErrors: _,
}) => {
  await page.goto('/direct');
  await enterUserId(page, 'dan.denied');
  await expect(heading(page, 'Access Denied')).toBeFocused();
  await checkScreen(page, checkA11y);

  await emulator.post('faults', { call: 'auth/v1/authenticate', body: { nextaction: 'SOMETHING_NEW' } });
  await page.goto('/direct');
  await enterUserId(page, 'pat.password');
  await expect(page).toHaveURL(/\/restartRequired$/);
  await checkScreen(page, checkA11y);

  for (const { path, title } of [
    { path: '/no-such-page', title: 'Page Not Found' },
    { path: '/help', title: 'Login Assistance' },
    { path: '/cookies', title: 'Cookie Notice' },
    { path: '/emea-cookies', title: 'Cookie Notice' },
    { path: '/aboutAuthHub', title: 'About the Authentication Hub' },
    { path: '/sms-terms-of-service', title: 'SMS Terms of Service' },
  ]) {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
    await checkScreen(page, checkA11y);
  }
});

test('the help page’s phone table fits 320 px in every language: each number whole and on the screen', async ({
  page,
  baseURL,
}) => {
  await page.goto('/help');
  await page.getByRole('button', { name: /^Language:/ }).click();
  const languages = page.getByRole('list', { name: 'Language' }).getByRole('button');
  const tags = await languages.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('lang') ?? ''),
  );
  expect(tags).toEqual(expect.arrayContaining(['de-DE', 'he', 'fr-FR']));
  for (const tag of tags) {
    await page.context().addCookies([{ name: 'portal-locale', value: tag, url: baseURL ?? '' }]);
    await page.goto('/help');
    await expect(page.locator('html')).toHaveAttribute(
      'lang',
      tag === 'en-XA' || tag === 'ar-XB' ? /.+/ : tag,
    );
    const table = page.locator('table.portal-help__phones');
    await expect(table).toBeVisible();
    const fit = await table.evaluate((element) => {
      const box = (element.parentElement ?? element).getBoundingClientRect();
      const numbers = [...element.querySelectorAll('a[href^="tel:"]')].map((link) => {
        const rect = link.getBoundingClientRect();
        return {
          text: link.textContent,
          inside: rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5,
          lines: link.getClientRects().length,
        };
      });
      return { tableWidth: element.scrollWidth, boxWidth: Math.round(box.width), numbers };
    });
    expect(fit.tableWidth, tag).toBeLessThanOrEqual(fit.boxWidth);
    for (const number of fit.numbers) expect(number, tag).toMatchObject({ inside: true, lines: 1 });
  }
});
