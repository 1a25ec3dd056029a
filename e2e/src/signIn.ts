import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Passw0rd!';

export interface SignInOptions {
  password?: string;
  /** 'Remember Me' is checked by default; a remembered user ID auto-submits on the next visit. */
  rememberMe?: boolean;
}

/** Through the real screens: User ID, then the password. Leaves the page on the next step. */
export async function signInWithPassword(
  page: Page,
  userId: string,
  { password = PASSWORD, rememberMe = true }: SignInOptions = {},
): Promise<void> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill(userId);
  if (!rememberMe) await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Signs a password-only user in and waits for the welcome screen. */
export async function signInToWelcome(page: Page, userId = 'pat.password'): Promise<void> {
  await signInWithPassword(page, userId);
  await expect(page).toHaveURL(/\/welcome$/);
}

/**
 * The welcome screen with its own calls answered: the greeting (the user's details) and, for a
 * user with no passkey, the passkey offer (a look at the user's credentials). Each answer is
 * activity for the idle timer, so a test that moves the page's clock waits for them first: an
 * answer that arrives after the jump starts the idle countdown again, and closes a warning the
 * test is about to answer.
 */
export async function welcomeSettled(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  await expect(page.getByText('Sign in faster next time with a passkey')).toBeVisible();
}

/**
 * An in-app navigation to an address, as the browser's back/forward would make it: the page is
 * not reloaded, so the in-memory session (tokens) survives.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
}

/**
 * On the User ID page: type the user, untick Remember Me (so nothing submits itself on a later
 * visit) and submit with the keyboard. Leaves the page on its way to the next step.
 */
export async function submitUserId(page: Page, userId: string): Promise<void> {
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(userId);
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).press('Enter');
}
