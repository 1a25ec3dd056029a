import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';

// The 'Login Assistance Information' dialog, opened from an error banner on a factor screen.

async function bannerOnSmsScreen(
  page: Page,
  emulator: { post(path: string, body?: unknown): Promise<unknown> },
) {
  // The code cannot be sent: the SMS screen shows the error banner with its 'More Info'.
  await emulator.post('faults', { call: 'factor/v1/OTPGenerator', status: 503, times: 5 });
  // The transaction id the help desk needs is the one the portal sends the service.
  const sent = page.waitForRequest((r) => r.url().includes('auth/v1/authenticate'));
  await signInWithPassword(page, 'sam.sms', { rememberMe: false });
  const transactionId = (await sent).headers()['x-client-transaction-id'] ?? '';
  expect(transactionId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page).toHaveURL(/\/sotp/);
  const moreInfo = page.getByRole('main').getByRole('button', { name: 'More Info' });
  await expect(moreInfo).toBeVisible();
  return { moreInfo, transactionId };
}

test('opens from the banner on a factor screen with the help-desk details; Escape, Close and the backdrop close it and focus returns', async ({
  page,
  context,
  emulator,
  pageErrors: _,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { moreInfo, transactionId } = await bannerOnSmsScreen(page, emulator);
  const dialog = page.getByRole('dialog', { name: 'Login Assistance Information' });

  await moreInfo.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(transactionId);
  await expect(dialog).toContainText('sam.sms');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(moreInfo).toBeFocused();

  await moreInfo.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(moreInfo).toBeFocused();

  await moreInfo.click();
  await expect(dialog).toBeVisible();
  // A click on the backdrop: the top-left corner of the page, outside the dialog's box.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(moreInfo).toBeFocused();
});

test("'Copy to Clipboard' copies the details and is disabled for 1 second", async ({
  page,
  context,
  emulator,
  pageErrors: _,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  const { moreInfo, transactionId } = await bannerOnSmsScreen(page, emulator);
  await moreInfo.click();
  const dialog = page.getByRole('dialog', { name: 'Login Assistance Information' });
  const copy = dialog.getByRole('button', { name: 'Copy to Clipboard' });
  await expect(copy).toBeEnabled();
  // The page's clock stands still from here: the second is measured on the page's time, so a
  // loaded machine that takes more than a second between the click and the check cannot end it.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 60_000);
  await copy.click();
  await expect(copy).toBeDisabled();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(transactionId);
  await page.clock.runFor(999);
  await expect(copy).toBeDisabled();
  await page.clock.runFor(1);
  await expect(copy).toBeEnabled();
});
