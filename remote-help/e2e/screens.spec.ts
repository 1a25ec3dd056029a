import { expect, test } from '@portal/e2e/fixtures';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';

// Screenshot tests of remote-help's pages (login assistance and the information pages), at
// 1280 px and at 320 px wide (full page), compared with the baselines in
// screens.spec.ts-snapshots/ beside this file (rules: @portal/e2e/screenshots). After a
// deliberate change: rebuild and stage, then
//   node scripts/pnpm.mjs --filter @portal/remote-help e2e screens.spec.ts --update-snapshots

useScreenshotSetup();

test('login assistance', async ({ page, pageErrors: _ }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible();
  // The troubleshooting lines: the time the page was opened and the transaction id.
  await expectScreen(page, 'help', { mask: [page.locator('.portal-help__line-value')], looks: true });
});

for (const info of [
  { path: '/cookies', title: 'Cookie Notice', name: 'cookies' },
  { path: '/aboutAuthHub', title: 'About the Authentication Hub', name: 'about-auth-hub' },
  { path: '/sms-terms-of-service', title: 'SMS Terms of Service', name: 'sms-terms' },
]) {
  test(`information page ${info.path}`, async ({ page, pageErrors: _ }) => {
    await page.goto(info.path);
    await expect(page.getByRole('heading', { name: info.title, level: 1 })).toBeVisible();
    await expectScreen(page, info.name, { looks: true });
  });
}
