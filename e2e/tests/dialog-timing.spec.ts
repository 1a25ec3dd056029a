import type { Locator } from '@playwright/test';
import { type EmulatorApi, expect, type Page, test } from '../src/fixtures';
import { pauseClockNow } from '../src/clock';
import { PASSWORD, signInToWelcome, signInWithPassword } from '../src/signIn';

// Spec section 9: dialogs open with a 150 ms animation and close with a 75 ms one, the fallback
// close timer adding 100 ms (closed for sure at 175 ms); the backdrop is removed after 500 ms; a
// dialog is at most 80vw wide. And the 3000 ms redirect helper of the error handling.
// Playwright's clock drives the timers; CSS animations run on the browser's own clock, so tests
// that must see the timers alone swallow the animation events.

/** Stops every animationend / transitionend before the page sees it. */
async function suppressAnimationEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    for (const type of ['animationend', 'transitionend', 'animationcancel', 'transitioncancel'])
      window.addEventListener(type, (event) => event.stopImmediatePropagation(), true);
  });
}

/** Freezes the page's timers where they are: from now on only runFor moves them. */

const style = (locator: Locator, property: 'animationName' | 'animationDuration' | 'maxWidth') =>
  locator.evaluate((element, name) => getComputedStyle(element)[name], property);

/** The SMS screen with its error banner (the code cannot be sent): 'More Info' opens the dialog. */
async function bannerOnSmsScreen(page: Page, emulator: EmulatorApi): Promise<Locator> {
  await emulator.post('faults', { call: 'factor/v1/OTPGenerator', status: 503, times: 5 });
  await signInWithPassword(page, 'sam.sms', { rememberMe: false });
  await expect(page).toHaveURL(/\/sotp/);
  const moreInfo = page.getByRole('main').getByRole('button', { name: 'More Info' });
  await expect(moreInfo).toBeVisible();
  return moreInfo;
}

const assistance = (page: Page) => page.getByRole('dialog', { name: 'Login Assistance Information' });
const backdrop = (page: Page) => page.locator('.portal-dialog-backdrop');

test('opens at once and animates 150 ms; closes for sure 175 ms after Close; the backdrop goes at 500 ms', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await suppressAnimationEvents(page);
  await page.clock.install();
  const moreInfo = await bannerOnSmsScreen(page, emulator);
  await pauseClockNow(page);

  await moreInfo.click();
  const dialog = assistance(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveJSProperty('open', true);
  await expect(dialog).toHaveAttribute('data-phase', 'opening');
  expect(await style(dialog, 'animationName')).toBe('portal-dialog-in');
  expect(await style(dialog, 'animationDuration')).toBe('0.15s');
  await expect(backdrop(page)).toHaveAttribute('data-phase', 'showing');
  // No animationend reaches the page: the opening ends 100 ms after the animation should have.
  await page.clock.runFor(249);
  await expect(dialog).toHaveAttribute('data-phase', 'opening');
  await page.clock.runFor(1);
  await expect(dialog).toHaveAttribute('data-phase', 'open');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveAttribute('data-phase', 'closing');
  expect(await style(dialog, 'animationName')).toBe('portal-dialog-out');
  expect(await style(dialog, 'animationDuration')).toBe('0.075s');
  await expect(backdrop(page)).toHaveAttribute('data-phase', 'leaving');
  await page.clock.runFor(174);
  await expect(dialog).toHaveJSProperty('open', true);
  await page.clock.runFor(1);
  // The fallback close timer: 75 + 100 ms.
  await expect(page.locator('dialog.portal-assistance-dialog')).toHaveJSProperty('open', false);
  await expect(dialog).toBeHidden();
  await expect(moreInfo).toBeFocused();
  await expect(backdrop(page)).toHaveCount(1);
  await page.clock.runFor(324);
  await expect(backdrop(page)).toHaveCount(1);
  await page.clock.runFor(1);
  await expect(backdrop(page)).toHaveCount(0);
});

test('with the clock stopped, the end of the real animations closes the dialog and removes the backdrop', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await page.clock.install();
  const moreInfo = await bannerOnSmsScreen(page, emulator);
  await pauseClockNow(page);
  await moreInfo.click();
  await expect(assistance(page)).toHaveAttribute('data-phase', 'open');
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog.portal-assistance-dialog')).toHaveJSProperty('open', false);
  await expect(backdrop(page)).toHaveCount(0);
  await expect(moreInfo).toBeFocused();
});

test('is at most 80vw wide', async ({ page, emulator, pageErrors: _ }) => {
  const moreInfo = await bannerOnSmsScreen(page, emulator);
  await moreInfo.click();
  const dialog = assistance(page);
  await expect(dialog).toBeVisible();
  expect(await style(dialog, 'maxWidth')).toBe(`${1280 * 0.8}px`);
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await style(dialog, 'maxWidth')).toBe(`${320 * 0.8}px`);
  expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(256);
});

test('with reduced motion: no animation, the same phases at once', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  const moreInfo = await bannerOnSmsScreen(page, emulator);
  await pauseClockNow(page);
  await moreInfo.click();
  const dialog = assistance(page);
  await expect(dialog).toHaveAttribute('data-phase', 'open');
  expect(await style(dialog, 'animationName')).toBe('none');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('dialog.portal-assistance-dialog')).toHaveJSProperty('open', false);
  await expect(backdrop(page)).toHaveCount(0);
  await expect(moreInfo).toBeFocused();
});

test('the delete confirmation of self-service is the same dialog, with the same timings', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('users/pat.password/credentials', { credType: 'sms', credValue: '+15550100099' });
  await suppressAnimationEvents(page);
  await page.clock.install();
  await signInToWelcome(page, 'pat.password');
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  // The credential's Delete (its name says which credential: 'Delete SMS +1…').
  const remove = page.getByRole('button', { name: /^Delete SMS / });
  await expect(remove).toBeVisible();
  await pauseClockNow(page);
  await remove.click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Do you want to delete the credential of type SMS?');
  await expect(confirm).toHaveAttribute('data-phase', 'opening');
  expect(await style(confirm, 'animationDuration')).toBe('0.15s');
  expect(await style(confirm, 'maxWidth')).toBe(`${1280 * 0.8}px`);
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  // The question stays while it closes.
  await expect(confirm).toContainText('Do you want to delete the credential of type SMS?');
  // Self-service has other confirmations too (recovery codes): this one is the delete question's.
  const element = page.locator('dialog.portal-confirm-dialog', {
    hasText: 'Do you want to delete the credential of type SMS?',
  });
  await page.clock.runFor(174);
  await expect(element).toHaveJSProperty('open', true);
  await page.clock.runFor(1);
  await expect(element).toHaveJSProperty('open', false);
  await page.clock.runFor(325);
  await expect(backdrop(page)).toHaveCount(0);
});

/** The password step answered with a null reply: the flow lands on the wildcard page. */
async function nullReply(page: Page, emulator: EmulatorApi): Promise<void> {
  await page.clock.install();
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('pat.password');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await emulator.post('faults', { call: 'factor/v1/PasswordAuthenticator', body: null });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await pauseClockNow(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Server error, response is null' })).toBeVisible();
}

test('after a null reply the redirect helper takes the user home after 3000 ms, announced, with a way to go at once', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await nullReply(page, emulator);
  const here = page.url();
  await expect(
    page.getByRole('status').filter({ hasText: 'You will be taken to the home page in 3 seconds.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go now' })).toBeVisible();
  await page.clock.runFor(2999);
  expect(page.url()).toBe(here);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/$/);
  // The landing screen loads on timers of its own: let time flow again.
  await page.clock.resume();
  await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
});

test("the redirect helper: 'Stay on this page' stays", async ({ page, emulator, pageErrors: _ }) => {
  await nullReply(page, emulator);
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await page.clock.runFor(10_000);
  await expect(page.getByRole('alert').filter({ hasText: 'Server error, response is null' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You will be taken' })).toHaveCount(0);
});

test("the redirect helper: 'Go now' goes at once", async ({ page, emulator, pageErrors: _ }) => {
  await nullReply(page, emulator);
  await page.clock.resume();
  await page.getByRole('link', { name: 'Go now' }).click();
  await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
});
