import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { navigateInApp, signInWithPassword } from '../src/signIn';

const bannerText = 'Unable to handle the request. Please try again later.';

async function expectFailedRemote(page: Page, remote: string) {
  const failure = page.locator(`[data-failed-remote="${remote}"]`);
  await expect(failure.getByRole('alert')).toContainText(bannerText);
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' })).toBeVisible();
}

test.describe('guards with a session', () => {
  test('guard A sends a signed-in user to /welcome; guard C too', async ({ page, pageErrors: _ }) => {
    await signInWithPassword(page, 'pat.password');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    for (const path of ['/direct', '/home', '/verify', '/sotp']) {
      await navigateInApp(page, path);
      await expect(page).toHaveURL(/\/welcome$/);
    }
  });

  test('during a factor step, guard B sends self-service routes to /home', async ({
    page,
    pageErrors: _,
  }) => {
    await signInWithPassword(page, 'sam.sms');
    await expect(page).toHaveURL(/\/sotp$/);
    await navigateInApp(page, '/self-service');
    await expect(page).toHaveURL(/\/home$/);
  });
});

test('a remote writes an atom the host reads: the user-info banner names the user', async ({
  page,
  pageErrors: _,
}) => {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('Pat.Password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  // remote_login set the user name; the host's banner shows it.
  await expect(page.locator('.portal-user-info')).toHaveText(/^(User pat\.password|Not pat\.password\?)$/);
});

test.describe('a failing factor or self-service remote stops the flow with a Retry', () => {
  test('remote_factors unreachable: the SMS step shows the banner, is never skipped, and Retry recovers', async ({
    page,
    pageErrors: _,
  }) => {
    await page.route('**/remotes/remote-factors/**', (route) => route.abort('connectionrefused'));
    await signInWithPassword(page, 'sam.sms');
    await expect(page).toHaveURL(/\/sotp$/);
    await expectFailedRemote(page, 'remote_factors');
    await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await page.unroute('**/remotes/remote-factors/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(/Enter security code sent to|Select a way to sign in/)).toBeVisible();
  });

  test('remote_factors serving throwing JavaScript: banner, then Retry recovers', async ({
    page,
    pageErrors,
  }) => {
    const entry = '**/remotes/remote-factors/**/remoteEntry.js';
    await page.route(entry, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: 'throw new Error("broken bundle");' }),
    );
    await signInWithPassword(page, 'sam.sms');
    await expectFailedRemote(page, 'remote_factors');
    await page.unroute(entry);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(/Enter security code sent to|Select a way to sign in/)).toBeVisible();
    expect(pageErrors.every((e) => e.message === 'broken bundle')).toBe(true);
    pageErrors.length = 0;
  });

  test('remote_selfservice unreachable: welcome shows the banner, then Retry recovers', async ({
    page,
    pageErrors: _,
  }) => {
    await page.route('**/remotes/remote-selfservice/**', (route) => route.abort('connectionrefused'));
    await signInWithPassword(page, 'pat.password');
    await expect(page).toHaveURL(/\/welcome$/);
    await expectFailedRemote(page, 'remote_selfservice');
    await page.unroute('**/remotes/remote-selfservice/**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: /Hello, / })).toBeVisible();
  });

  test('remote_selfservice serving throwing JavaScript: banner, then Retry recovers', async ({
    page,
    pageErrors,
  }) => {
    const entry = '**/remotes/remote-selfservice/**/remoteEntry.js';
    await page.route(entry, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: 'throw new Error("broken bundle");' }),
    );
    await signInWithPassword(page, 'pat.password');
    await expectFailedRemote(page, 'remote_selfservice');
    await page.unroute(entry);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: /Hello, / })).toBeVisible();
    expect(pageErrors.every((e) => e.message === 'broken bundle')).toBe(true);
    pageErrors.length = 0;
  });
});
