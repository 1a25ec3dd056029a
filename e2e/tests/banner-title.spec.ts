import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '../src/fixtures';
import { type PortalStack, repoRoot, startStack } from '../src/servers';
import { editStartupData } from '../src/startupData';

// The user-info banner's title (spec section 2, Shell: 'If a title is given, the title is the
// clickable link instead'): set per audience in the portal server's product configuration
// (PORTAL_CONFIG), served in GET /v1/config/portal and in the page's start-up block.

const TITLES = { clients: 'Not you? Switch user', employees: 'Sign in as someone else' };

/** The shared stack's fixtures (emulator reset, guards), on a portal with the titles configured. */
const test = base.extend<object, { stack: PortalStack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const configDir = mkdtempSync(path.join(tmpdir(), 'portal-title-'));
      const devConfig = JSON.parse(
        readFileSync(path.join(repoRoot, 'portal-server/config/portal.json'), 'utf8'),
      );
      const file = path.join(configDir, 'portal.json');
      writeFileSync(file, JSON.stringify({ ...devConfig, audience: 'employees', userInfoTitle: TITLES }));
      const stack = await startStack({ portalEnv: { LOG_LEVEL: 'warn', PORTAL_CONFIG: file } });
      await use(stack);
      await stack.stop();
      rmSync(configDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** sam.sms's user ID entered (Remember Me off): the password page, with the banner. */
async function atPassword(page: Page): Promise<void> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('sam.sms');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
}

test("the audience's title is the clickable link instead of 'Not {name}?', and it restarts the flow", async ({
  page,
  pageErrors: _,
}) => {
  const served = await (await page.request.get('/v1/config/portal')).json();
  expect(served).toMatchObject({ audience: 'employees', userInfoTitle: TITLES });

  await atPassword(page);
  const link = page.getByRole('button', { name: 'Sign in as someone else' });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('title', 'User sam.sms');
  await expect(page.getByText('Not sam.sms?')).toHaveCount(0);

  await link.click();
  await expect(page).toHaveURL(/\/direct$/);
  await expect(page.getByLabel('User ID')).toHaveValue('');
  await expect(link).toHaveCount(0);
});

test('another audience gets its own title', async ({ page, pageErrors: _ }) => {
  await editStartupData(page, { portalConfig: { audience: 'clients' } });
  await atPassword(page);
  await expect(page.getByRole('button', { name: 'Not you? Switch user' })).toBeVisible();
});

test("an audience without a title keeps 'Not {name}?'", async ({ page, pageErrors: _ }) => {
  await editStartupData(page, { portalConfig: { userInfoTitle: { employees: null } } });
  await atPassword(page);
  await expect(page.getByRole('button', { name: 'Not sam.sms?' })).toBeVisible();
});

test("without user reset nothing is clickable: 'User {name}', no title", async ({ page, pageErrors: _ }) => {
  await editStartupData(page, { portalConfig: { allowUserReset: false } });
  await atPassword(page);
  await expect(page.getByText('User sam.sms', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in as someone else' })).toHaveCount(0);
});
