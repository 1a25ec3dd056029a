import { expect, type Locator, type Page, test } from '../src/fixtures';
import { codeSent } from '../src/outbox';
import { PASSWORD, signInToWelcome, signInWithPassword, welcomeSettled } from '../src/signIn';
import { addVirtualAuthenticator } from '../src/webauthn';

// Issue 16 §1: the failures a keyboard, screen-reader or phone user met, one test (or more) each.

/** The host's one polite live region (ui/Announcer). */
const announcer = (page: Page) => page.locator('[role="status"][aria-live="polite"][aria-atomic="true"]');
const focused = (page: Page) => page.locator(':focus');

/** WCAG relative luminance of an `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
};

test.describe('the warning before the idle logout (WCAG 2.2.1)', () => {
  const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Are you still there?' });

  async function signedIn(page: Page): Promise<void> {
    await signInToWelcome(page);
    await welcomeSettled(page);
  }

  test('two minutes before, an alert dialog counts down; Stay signed in keeps the session', async ({
    page,
    pageErrors: _,
  }) => {
    await page.clock.install();
    await signedIn(page);
    await page.clock.fastForward('07:50');
    await expect(dialog(page)).toHaveCount(0);
    await page.clock.fastForward('00:15');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toContainText(/you will be signed out in 1:[45]\d\./);
    const stay = dialog(page).getByRole('button', { name: 'Stay signed in' });
    await expect(stay).toBeFocused();
    await page.clock.fastForward('01:00');
    await expect(dialog(page)).toContainText(/you will be signed out in 0:[45]\d\./);
    await stay.click();
    await expect(dialog(page)).toHaveCount(0);
    // 10 minutes after sign-in, but not after the click: still signed in.
    await page.clock.fastForward('03:00');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('a key press is activity: it closes the warning and restarts the 10 minutes', async ({
    page,
    pageErrors: _,
  }) => {
    await page.clock.install();
    await signedIn(page);
    await page.clock.fastForward('05:00');
    await page.keyboard.press('Shift');
    // The jump passes the token's refresh time: the refresh must answer before the next jump
    // (rule 3), or three fake minutes at once pass its 20 s call deadline while it is in flight,
    // and a refresh that fails logs out.
    const refreshed = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/v1/token/generate/refresh'),
    );
    await page.clock.fastForward('05:30');
    await refreshed;
    // 10.5 minutes after sign-in, 5.5 after the key: no warning yet, still signed in.
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(dialog(page)).toHaveCount(0);
    await page.clock.fastForward('03:00');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Shift');
    await expect(dialog(page)).toHaveCount(0);
    await page.clock.fastForward('03:00');
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('ignored, it ends in the logout, and /signed-out says it was for inactivity', async ({
    page,
    pageErrors: _,
  }) => {
    await page.clock.install();
    await signedIn(page);
    await page.clock.fastForward('08:30');
    await expect(dialog(page)).toBeVisible();
    await page.clock.fastForward('01:45');
    await expect(page).toHaveURL(/\/signed-out$/);
    await expect(
      page.getByText('You were signed out because you were inactive for 10 minutes.'),
    ).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
  });

  test('a logout the user chose does not mention inactivity', async ({ page, pageErrors: _ }) => {
    await signInToWelcome(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Logout Successful' })).toBeVisible();
    await expect(page.getByText(/inactive/)).toHaveCount(0);
  });
});

test.describe('every screen change: title, focus, announcement', () => {
  for (const { path, heading } of [
    { path: '/', heading: 'A Better Login Experience' },
    { path: '/help', heading: 'Login Assistance' },
    { path: '/cookies', heading: 'Cookie Notice' },
    { path: '/denied', heading: 'Access Denied' },
    { path: '/restartRequired', heading: 'Unrecoverable error. Please restart login or try again later.' },
    { path: '/no-such-page', heading: 'Page Not Found' },
  ]) {
    test(`${path}: focus on the heading, the title and the announcer name the screen`, async ({
      page,
      pageErrors: _,
    }) => {
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeFocused();
      await expect(h1).toHaveAttribute('tabindex', '-1');
      await expect(page).toHaveTitle(`${heading} – Authentication Hub`);
      await expect(announcer(page)).toHaveText(heading);
    });
  }

  test('a screen change by a link moves focus and is announced', async ({ page, pageErrors: _ }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'About the Authentication Hub' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About the Authentication Hub' })).toBeFocused();
    await expect(page).toHaveTitle('About the Authentication Hub – Authentication Hub');
    await expect(announcer(page)).toHaveText('About the Authentication Hub');
    await page.getByRole('link', { name: 'Login Assistance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Login Assistance' })).toBeFocused();
    await expect(announcer(page)).toHaveText('Login Assistance');
  });

  test('a screen with a field: focus on the field, the title names the screen', async ({
    page,
    pageErrors: _,
  }) => {
    await page.goto('/direct');
    await expect(page.getByLabel('User ID')).toBeFocused();
    await expect(page).toHaveTitle('Sign in – Authentication Hub');
    await page.getByLabel('User ID').fill('pat.password');
    // The rendered form is focused and typeable from its first paint, but Enter sends it only once
    // the app has taken over (Submit enabled): a press before that is not kept (issue 'The first
    // page at a bare server's speed' asks for it to be).
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await page.getByLabel('User ID').press('Enter');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await expect(page).toHaveTitle('Enter your password – Authentication Hub');
    await expect(announcer(page)).toHaveText('Enter your password');
  });

  test('the live region is in the page, empty, before the first screen fills it', async ({
    page,
    pageErrors: _,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __announcerAtInsert?: string };
      new MutationObserver(() => {
        const region = document.querySelector('[role="status"][aria-live="polite"][aria-atomic="true"]');
        if (region && w.__announcerAtInsert === undefined) w.__announcerAtInsert = region.textContent ?? '';
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(announcer(page)).toHaveText('A Better Login Experience');
    expect(
      await page.evaluate(() => (window as unknown as { __announcerAtInsert?: string }).__announcerAtInsert),
    ).toBe('');
  });
});

test.describe('focus after a failure or a deletion', () => {
  test("a wrong password: the emptied field has focus; only the service's message is said", async ({
    page,
    pageErrors: _,
  }) => {
    await signInWithPassword(page, 'pat.password', { password: 'wrong-password' });
    const alert = page.getByRole('alert');
    await expect(alert).toHaveCount(1);
    const field = page.getByLabel('Password', { exact: true });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field).not.toHaveAttribute('aria-describedby', /.+/);
    await expect(page.getByText('Password is required.')).toHaveCount(0);
    // The next password goes straight into the field.
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('a wrong SMS code: the emptied boxes have focus once they are enabled again', async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await signInWithPassword(page, 'sam.sms');
    const digit1 = page.getByLabel('Digit 1 of 6');
    await expect(digit1).toBeFocused();
    const code = await codeSent(emulator, 'sam.sms');
    const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10));
    await page.keyboard.type(wrong);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(digit1).toHaveValue('');
    await expect(digit1).toBeEnabled();
    await expect(digit1).toBeFocused();
    await page.keyboard.type(code);
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test("deleting a credential: focus on the next one, 'Credential deleted' announced", async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await page.goto('/direct');
    await page.getByLabel('User ID').fill('olga.otp');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('radio', { name: /\(Email\)$/ }).check();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Digit 1 of 6').pressSequentially(await codeSent(emulator, 'olga.otp'));
    await page.getByRole('link', { name: 'Manage Credentials' }).click();
    const items = page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem');
    await expect(items).toHaveCount(4);

    await items
      .nth(2)
      .getByRole('button', { name: /^Delete Email / })
      .click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(items).toHaveCount(3);
    // The next credential (ivr) took its place.
    await expect(items.nth(2).getByRole('heading', { level: 2 })).toBeFocused();
    await expect(announcer(page)).toHaveText('Credential deleted');

    // The last one: focus goes to the one before it.
    await items
      .nth(2)
      .getByRole('button', { name: /^Delete / })
      .click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(items).toHaveCount(2);
    await expect(items.nth(1).getByRole('heading', { level: 2 })).toBeFocused();
  });

  test("with no credential left, focus goes to the list's heading", async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await signInWithPassword(page, 'sam.sms');
    await page.getByLabel('Digit 1 of 6').pressSequentially(await codeSent(emulator, 'sam.sms'));
    await page.getByRole('link', { name: 'Manage Credentials' }).click();
    const items = page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await items
      .first()
      .getByRole('button', { name: /^Delete / })
      .click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('You have no registered credentials.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Credentials' })).toBeFocused();
    await expect(announcer(page)).toHaveText('Credential deleted');
  });
});

test('the credential buttons are named with their credential, the visible text first', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await signInWithPassword(page, 'sam.sms');
  await page.getByLabel('Digit 1 of 6').pressSequentially(await codeSent(emulator, 'sam.sms'));
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  const item = page.getByRole('list', { name: 'Your credentials' }).getByRole('listitem').first();
  const type = (await item.getByRole('heading', { level: 2 }).textContent()) ?? '';
  for (const action of ['Deactivate', 'Delete']) {
    const button = item.getByRole('button', { name: new RegExp(`^${action} ${type}`) });
    await expect(button).toHaveText(action);
  }
});

test('the focus ring stands out (3:1) against white and the page background', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto('/direct');
  const field = page.getByLabel('User ID');
  await expect(field).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(field).toBeFocused();
  const ring = await field.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      color: style.outlineColor,
      width: Number.parseFloat(style.outlineWidth),
      style: style.outlineStyle,
    };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  const page_ = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(contrast(ring.color, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);
  expect(contrast(ring.color, page_)).toBeGreaterThanOrEqual(3);
});

test.describe('at 320 px nothing scrolls sideways (WCAG 1.4.10)', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  test('/cookies: the table scrolls in its own box, which the keyboard reaches', async ({
    page,
    pageErrors: _,
  }) => {
    await page.goto('/cookies');
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie Notice' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(320);
    const table = page.getByRole('table').first();
    const caption = (await table.locator('caption').textContent()) ?? '';
    // The table's own scroll box: a region named by its caption, in the Tab order.
    const box = page.getByRole('region', { name: caption, exact: true });
    await expect(box).toHaveAttribute('tabindex', '0');
    await expect(box.getByRole('table')).toHaveCount(1);
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });

  test('/changePassword', async ({ page, pageErrors: _ }) => {
    await signInWithPassword(page, 'chris.change');
    await expect(page.getByRole('heading', { name: 'Update Password Required' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(320);
  });

  test('/register/totp', async ({ page, pageErrors: _ }) => {
    await signInToWelcome(page);
    await page.getByRole('link', { name: 'Manage Credentials' }).click();
    await page.getByRole('button', { name: 'Register a new credential' }).click();
    await page.getByRole('radio', { name: 'Code from Mobile Authenticator', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Authenticator name').fill('My phone');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your mobile authenticator' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(320);
  });
});

test('the token code passcode is a one-time code for autofill', async ({ page, pageErrors: _ }) => {
  await signInWithPassword(page, 'sid.securid');
  const passcode = page.getByLabel('Enter your pin and passcode');
  await expect(passcode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(passcode).toHaveAttribute('inputmode', 'numeric');
});

/** Records the text every role=status element had when it was put into the page. */
async function recordStatusInsertions(page: Page): Promise<string[]> {
  const inserted: string[] = [];
  await page.exposeBinding('__statusInserted', (_source, text: string) => inserted.push(text));
  await page.addInitScript(() => {
    const report = (window as unknown as { __statusInserted: (text: string) => void }).__statusInserted;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const regions = [node, ...node.querySelectorAll('[role="status"]')].filter((element) =>
            element.matches('[role="status"]'),
          );
          for (const region of regions) report(region.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return inserted;
}

test('the FIDO status region is in the page empty, then says what to do', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const inserted = await recordStatusInsertions(page);
  await addVirtualAuthenticator(page, { transport: 'internal' });
  await emulator.post('faults', { call: 'factor/v1/FIDORegChallengeVerifier', delayMs: 1500 });
  await signInWithPassword(page, 'fiona.fido', { rememberMe: false });
  const status: Locator = page.getByRole('status').filter({ hasText: 'Validate your biometric' });
  await expect(status).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
  expect(inserted.length).toBeGreaterThan(0);
  expect(inserted.filter((text) => text !== '')).toEqual([]);
  await expect(focused(page)).toHaveCount(1);
});

test('the axe guard fails a test on a violation (here a button without a name)', async ({
  page,
  checkA11y,
  axeViolations,
  pageErrors: _,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'A Better Login Experience' })).toBeFocused();
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.type = 'button';
    document.querySelector('main')?.append(button);
  });
  await checkA11y(page);
  expect(axeViolations).toEqual([expect.stringMatching(/^button-name \(critical\) on \[.*\/ \| /)]);
  // Provoked on purpose: removed, so the guard lets this test pass.
  axeViolations.splice(0);
});
