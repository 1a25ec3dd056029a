import { expect, type Page, test } from '@portal/e2e/fixtures';
import { useScreenshotSetup } from '@portal/e2e/screenshotSuite';
import { expectScreen } from '@portal/e2e/screenshots';

// Screenshot tests of what arriving from a relying party shows (oauth2-arrival.spec.ts has the
// behaviour): the User ID page while the arrival runs and after it failed, /idp in identity-provider
// discovery (no user name), the emulator's discovery page, and the restart notice after a failure
// on /idp in the oauth2 flow (no 'Click to retry login'). Same rules as screens.spec.ts: fixed
// viewports and clock, fonts-dejavu-core only, animations disabled.
//   node scripts/pnpm.mjs --filter @portal/remote-login e2e oauth2-arrival-screens.spec.ts --update-snapshots

useScreenshotSetup();

async function startAtRelyingParty(
  page: Page,
  stack: { emulatorUrl: string; portalUrl: string },
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams({ portal: stack.portalUrl, ...query });
  await page.goto(`${stack.emulatorUrl}/_emulator/rp/start?${search}`);
}

test('User ID page while the arrival authenticates', async ({ page, stack, emulator, pageErrors: _ }) => {
  // A slow service keeps the page busy while it is looked at.
  await emulator.post('faults', { call: 'auth/v1/authenticate', delayMs: 30_000 });
  await startAtRelyingParty(page, stack);
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByLabel('User ID')).toBeDisabled();
  await expectScreen(page, 'oauth2-arriving');
});

test('User ID page after the remembered user was not found', async ({ page, stack, pageErrors: _ }) => {
  await page.addInitScript(() => localStorage.setItem('rememberMe', 'nobody'));
  await startAtRelyingParty(page, stack);
  await expect(page.getByRole('alert')).toContainText('User not found');
  await expect(page.getByLabel('User ID')).toBeEditable();
  await expectScreen(page, 'oauth2-user-not-found');
});

test('identity-provider discovery: connecting, then the provider asks who it is', async ({
  page,
  stack,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('faults', { call: 'oauth2/v1/idp', method: 'GET', delayMs: 30_000 });
  await startAtRelyingParty(page, stack, { idp: 'corp' });
  await expect(page.getByRole('heading', { name: 'Connecting to Corporate SSO' })).toBeVisible();
  // The loading bar shows once the hand-off has gone a second without an answer.
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expectScreen(page, 'idp-discovery-connecting');

  await fetch(`${stack.emulatorUrl}/_emulator/api/faults`, { method: 'DELETE' });
  await startAtRelyingParty(page, stack, { idp: 'corp' });
  await page.getByLabel('User name').fill('pat.password');
  await page.getByRole('button', { name: 'Continue' }).press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  // The portal's origin carries the test's free port.
  await expectScreen(page, 'idp-discovery-provider', { mask: [page.locator('.idp-portal')] });
});

test('restart notice after a failure on /idp in the oauth2 flow', async ({
  page,
  stack,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('faults', { call: 'oauth2/v1/idp', method: 'GET', htmlVariant: 'foreign-action' });
  await startAtRelyingParty(page, stack, { login_hint: 'ida.idp' });
  await expect(page).toHaveURL(/\/restartRequired$/);
  await expect(page.getByRole('alert')).toContainText('Unexpected response from identity provider.');
  await expectScreen(page, 'oauth2-idp-restart');
});
