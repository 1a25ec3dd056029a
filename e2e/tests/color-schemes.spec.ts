import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '../src/fixtures';
import { codeSent } from '../src/outbox';
import { VIEWPORTS } from '../src/screenshots';
import { PASSWORD, submitUserId } from '../src/signIn';

// Light and dark (issue 44): the design tokens (shared/src/ui/tokens.css) follow the system's colour
// scheme, and every main screen keeps WCAG 2.2 AA in both, colour contrast included: axe-core's
// WCAG rules on each screen at 1280 and 320 px, in the scheme the browser asks for. The axe guard
// checks each screen state once per run, whatever the scheme: these checks are explicit
// (checkA11y), and a test fails at its end on any violation they found.
//
// COLOR_SCHEME_SHOTS=<folder> also writes each checked screen's picture there, to look at.

const SHOTS = process.env.COLOR_SCHEME_SHOTS;

type Scheme = 'light' | 'dark';

/** The WCAG relative luminance of a computed `rgb(…)` colour (0 black … 1 white). */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The axe guard's explicit check (its checkA11y fixture). */
type CheckA11y = (page: Page) => Promise<void>;

/**
 * The screen is in `scheme` (its page background and text from that palette, not the other's), and
 * is checked with axe at both widths; the page is left at 1280 px.
 */
async function checkScreen(page: Page, checkA11y: CheckA11y, scheme: Scheme, name: string): Promise<void> {
  const colours = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const main = document.querySelector('main');
    return {
      page: root.backgroundColor,
      text: root.color,
      card: main ? getComputedStyle(main).backgroundColor : '',
      colorScheme: root.colorScheme,
    };
  });
  expect(colours.colorScheme, `${name}: the page follows the colour scheme`).toBe('light dark');
  const dark = scheme === 'dark';
  for (const [what, colour] of [
    ['page', colours.page],
    ['card', colours.card],
  ] as const) {
    const l = luminance(colour);
    expect(dark ? l < 0.05 : l > 0.8, `${name}: the ${what} background ${colour} is ${scheme}`).toBe(true);
  }
  expect(luminance(colours.text) > 0.5, `${name}: the text ${colours.text} in ${scheme}`).toBe(dark);

  for (const width of [1280, 320] as const) {
    await page.setViewportSize(VIEWPORTS[width]);
    await checkA11y(page);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${scheme}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    }
  }
  await page.setViewportSize(VIEWPORTS[1280]);
}

async function enterUserId(page: Page, userId: string): Promise<void> {
  await submitUserId(page, userId);
  await expect(page.getByLabel('Password', { exact: true })).toBeEditable();
}

async function enterPassword(page: Page, password = PASSWORD): Promise<void> {
  const field = page.getByLabel('Password', { exact: true });
  await field.fill(password);
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} scheme`, () => {
    test.use({ colorScheme: scheme, viewport: VIEWPORTS[1280] });

    test('landing, help, User ID, password (a wrong one, its assistance dialog), welcome, Manage Credentials', async ({
      page,
      checkA11y,
      pageErrors: _,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await checkScreen(page, checkA11y, scheme, 'landing');

      await page.goto('/help');
      await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
      await checkScreen(page, checkA11y, scheme, 'help');

      await page.goto('/direct');
      await expect(page.getByLabel('User ID')).toBeFocused();
      await checkScreen(page, checkA11y, scheme, 'user-id');

      await enterUserId(page, 'pat.password');
      await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
      await checkScreen(page, checkA11y, scheme, 'password');

      await enterPassword(page, 'wrong-password');
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
      await checkScreen(page, checkA11y, scheme, 'password-wrong');

      // The modal dialog, on the raised surface over the backdrop.
      await page.getByRole('main').getByRole('button', { name: 'More Info' }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Login Assistance Information' });
      await expect(dialog).toBeVisible();
      await checkScreen(page, checkA11y, scheme, 'assistance-dialog');
      await dialog.getByRole('button', { name: 'Close' }).press('Enter');
      await expect(dialog).toHaveCount(0);

      await enterPassword(page);
      await expect(page).toHaveURL(/\/welcome$/);
      await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
      await expect(page.getByText('Sign in faster next time with a passkey')).toBeVisible();
      await checkScreen(page, checkA11y, scheme, 'welcome');

      await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');
      await expect(page.getByRole('heading', { name: 'Manage Credentials', level: 1 })).toBeVisible();
      await checkScreen(page, checkA11y, scheme, 'manage-credentials');
    });

    test('the SMS code', async ({ page, checkA11y, emulator, pageErrors: _ }) => {
      await page.goto('/direct');
      await enterUserId(page, 'sam.sms');
      await enterPassword(page);
      await expect(page).toHaveURL(/\/sotp$/);
      await codeSent(emulator, 'sam.sms');
      await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
      await checkScreen(page, checkA11y, scheme, 'sms-code');
    });

    test('factor selection', async ({ page, checkA11y, pageErrors: _ }) => {
      await page.goto('/direct');
      await enterUserId(page, 'felix.factors');
      await enterPassword(page);
      await expect(page).toHaveURL(/\/factorselection$/);
      await expect(page.getByRole('radio').first()).toBeVisible();
      await checkScreen(page, checkA11y, scheme, 'factor-selection');
    });
  });
}
