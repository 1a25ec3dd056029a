import { expect, type Page } from '@playwright/test';
import type { EmulatorApi } from './fixtures';
import { codeSent } from './outbox';
import { PASSWORD, submitUserId } from './signIn';

/**
 * The portal's main screens (issue 44, 'One design system'), reached through the real screens as a
 * user reaches them, in four journeys: each calls `visit` with the screen state's name once the
 * state has settled, and a check (focus-ring.spec.ts, native-controls.spec.ts) looks at the page as
 * it is. The same set as color-schemes.spec.ts, plus the not-found page and the footer's language
 * list open. A `visit` may move the focus (Tab, arrow keys) but leaves the screen where it is.
 */
export type VisitScreen = (screen: string) => Promise<void>;

/** Landing (with the language list open too), help, not found. */
export async function signedOutScreens(page: Page, visit: VisitScreen): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await visit('landing');

  // The footer's language picker, its list open (with the keyboard, as a user opens it).
  const toggle = page.getByRole('contentinfo').getByRole('button', { expanded: false });
  await toggle.press('Enter');
  await expect(page.getByRole('contentinfo').getByRole('button', { expanded: true })).toBeVisible();
  await visit('landing, language list open');
  await page.keyboard.press('Escape');

  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
  await visit('help');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
  await visit('not-found');
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

/**
 * pat.password: User ID, password, a wrong one with its assistance dialog open, welcome (signed in:
 * the header's product name and logout), Manage Credentials.
 */
export async function passwordJourney(page: Page, visit: VisitScreen): Promise<void> {
  await page.goto('/direct');
  await expect(page.getByLabel('User ID')).toBeFocused();
  await visit('user-id');

  await enterUserId(page, 'pat.password');
  await visit('password');

  await enterPassword(page, 'wrong-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'More Info' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Login Assistance Information' });
  await expect(dialog).toBeVisible();
  await visit('password, assistance dialog');
  await dialog.getByRole('button', { name: 'Close' }).press('Enter');
  await expect(dialog).toHaveCount(0);

  await enterPassword(page);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  await expect(page.getByText('Sign in faster next time with a passkey')).toBeVisible();
  await visit('welcome');

  await page.getByRole('link', { name: 'Manage Credentials' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Manage Credentials', level: 1 })).toBeVisible();
  await visit('manage-credentials');
}

/** sam.sms: the SMS code screen, its code sent. */
export async function smsCodeScreen(page: Page, emulator: EmulatorApi, visit: VisitScreen): Promise<void> {
  await page.goto('/direct');
  await enterUserId(page, 'sam.sms');
  await enterPassword(page);
  await expect(page).toHaveURL(/\/sotp$/);
  await codeSent(emulator, 'sam.sms');
  await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
  await visit('sms-code');
}

/** felix.factors: factor selection, nothing chosen yet. */
export async function factorSelectionScreen(page: Page, visit: VisitScreen): Promise<void> {
  await page.goto('/direct');
  await enterUserId(page, 'felix.factors');
  await enterPassword(page);
  await expect(page).toHaveURL(/\/factorselection$/);
  await expect(page.getByRole('heading', { name: 'Factor Selection', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await visit('factor-selection');
}
