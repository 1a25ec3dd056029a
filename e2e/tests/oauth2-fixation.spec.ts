import type { Route } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { arriveFromRelyingParty } from '../src/relyingParty';
import { PASSWORD } from '../src/signIn';

// Flow-state fixation in the oauth2 flow (issue 21, item 1). The attacker starts a relying-party
// sign-in and sends the victim the portal's /oauth2?x-flow-state=… address; the victim completes
// every factor on the genuine portal. The completion belongs to the browser that authenticated:
// AUTH_ALLOWED hands it a one-time secret in authCompleteUrl, which authcomplete requires and
// spends, so the attacker's browser, which only knows the flow state, gets nothing.

test('the attacker who started the flow cannot complete it; the victim reaches the relying party as themself', async ({
  page,
  browser,
  stack,
  emulator: _,
  pageErrors: __,
}) => {
  // The attacker's browser starts the sign-in at the relying party and keeps the portal address.
  const attacker = await browser.newContext({ baseURL: stack.portalUrl });
  const theirs = await attacker.newPage();
  const flowState = await arriveFromRelyingParty(theirs, stack);
  expect(flowState).not.toBe('');
  const lure = `${stack.portalUrl}/oauth2?x-flow-state=${encodeURIComponent(flowState)}`;

  // The victim's hand-back is held until the attacker has tried, as a race the attacker would win.
  let held: (route: Route) => void = () => undefined;
  const victimHandBack = new Promise<Route>((resolve) => {
    held = resolve;
  });
  await page.route('**/oauth2/v1/authcomplete*', (route) => held(route));

  // The victim opens the address and completes every factor on the genuine portal.
  await page.goto(lure);
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill('pat.password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  const route = await victimHandBack;
  const handBack = new URL(route.request().url());
  expect(handBack.searchParams.get('x-flow-state')).toBe(flowState);
  expect(handBack.searchParams.get('completion_secret')).toMatch(/^[A-Za-z0-9_-]{43}$/);

  // The attacker's browser opens authcomplete with the flow state it knows, as the old attack did.
  const attempt = `${stack.tenantUrl}oauth2/v1/authcomplete?x-flow-state=${encodeURIComponent(flowState)}`;
  const refused = await theirs.goto(attempt);
  expect(refused?.status()).toBe(401);
  expect(await refused?.json()).toMatchObject({ errorCode: '0000010' });
  expect(theirs.url()).not.toContain('/_emulator/rp/callback');
  expect((await attacker.cookies(stack.emulatorUrl)).map((cookie) => cookie.name)).not.toContain(
    'emulator_sso',
  );

  // The victim's browser goes on and is handed to the relying party as themself.
  await route.continue();
  await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
  await expect(page.locator('#signed-in-user')).toHaveText('pat.password');

  // Afterwards the attacker still gets nothing, not even with the victim's whole address.
  expect((await theirs.goto(attempt))?.status()).toBe(401);
  expect((await theirs.goto(handBack.href))?.status()).toBe(401);
  expect(theirs.url()).not.toContain('/_emulator/rp/callback');
  await attacker.close();
});
