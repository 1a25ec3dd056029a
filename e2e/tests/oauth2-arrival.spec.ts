import type { Page, Request } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { arriveFromRelyingParty } from '../src/relyingParty';
import { recordServerReplies } from '../src/serverReplies';
import { PASSWORD } from '../src/signIn';

// Arriving from a relying party (spec section 4, 'Login start' step 2: on /oauth2 the portal sets
// the flow to oauth2 and authenticates): the four arrivals the emulator models (sso-emulator
// README, 'oauth2 flow'), the remembered user, failures and the progress shown meanwhile.

interface Stack {
  emulatorUrl: string;
  portalUrl: string;
}

/** The relying party's start with these parameters; the flow state it handed the portal's /oauth2. */
function startAtRelyingParty(page: Page, stack: Stack, query: Record<string, string> = {}) {
  return arriveFromRelyingParty(page, stack, query);
}

const isAuthenticate = (request: Request) =>
  request.url().endsWith('/auth/v1/authenticate') &&
  request.method() === 'POST' &&
  !(request.postData() ?? '').includes('resetFlow');

/** Every authenticate request's headers and body, in order. */
function recordAuthenticates(page: Page) {
  const sent: { flowState: string | undefined; body: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    if (isAuthenticate(request))
      sent.push({ flowState: request.headers()['x-flow-state'], body: request.postDataJSON() });
  });
  return sent;
}

async function enterPassword(page: Page) {
  const field = page.getByLabel('Password', { exact: true });
  await expect(field).toBeEditable();
  await field.fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function expectBackAtRelyingParty(page: Page, userName: string) {
  await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
  await expect(page.locator('#signed-in-user')).toHaveText(userName);
}

/** A full oauth2 sign-in as pat.password, typing the User ID (Remember Me as given). */
async function signInThroughRelyingParty(page: Page, stack: Stack, rememberMe: boolean) {
  await startAtRelyingParty(page, stack);
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill('pat.password');
  if (!rememberMe) await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await enterPassword(page);
  await expectBackAtRelyingParty(page, 'pat.password');
}

test.describe('arriving from a relying party', () => {
  test('no user yet: the arrival authenticate asks for the User ID, the typed one signs in', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const sent = recordAuthenticates(page);
    // What the server answered, read by the test's own fetch (e2e/src/serverReplies.ts).
    const replies = await recordServerReplies(page, '**/auth/v1/authenticate', isAuthenticate);
    const flowState = await startAtRelyingParty(page, stack);
    await expect.poll(() => replies.length).toBeGreaterThan(0);
    expect(replies[0]).toEqual({ flowState, flowStateId: expect.any(String), userName: '' });

    const field = page.getByLabel('User ID');
    await expect(field).toBeEditable();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.flowState).toBe(flowState);
    expect(sent[0]?.body).toMatchObject({ channel: 'web', action: 'authenticate', latestFlowState: true });
    expect(sent[0]?.body).not.toHaveProperty('subject');
    expect(sent[0]?.body).not.toHaveProperty('rememberMe');

    await field.fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await enterPassword(page);
    await expectBackAtRelyingParty(page, 'pat.password');
    expect(sent[1]?.flowState).toBe(flowState);
    expect(sent[1]?.body).toMatchObject({ subject: 'pat.password', rememberMe: true });
  });

  test('a reload of the User ID form keeps the relying party’s flow: the sign-in still goes back to it', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const sent = recordAuthenticates(page);
    const flowState = await startAtRelyingParty(page, stack);
    await expect(page.getByLabel('User ID')).toBeEditable();
    // The flow state left the address at the first load; the tab kept it for itself.
    expect(page.url()).not.toContain(flowState);

    await page.reload();
    const field = page.getByLabel('User ID');
    await expect(field).toBeEditable();
    expect(page.url()).not.toContain(flowState);
    // The reloaded page arrives again with this tab's flow state.
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]?.flowState).toBe(flowState);
    await field.fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await enterPassword(page);
    await expectBackAtRelyingParty(page, 'pat.password');
  });

  test("login_hint: the user's first factor at once, the user named in the banner", async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const sent = recordAuthenticates(page);
    await startAtRelyingParty(page, stack, { login_hint: 'pat.password' });
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Not pat.password?' })).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).not.toHaveProperty('subject');
    await enterPassword(page);
    await expectBackAtRelyingParty(page, 'pat.password');
  });

  test('identity-provider discovery: /idp without a user, the provider says who it is, back at the relying party', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const reauthenticated = page.waitForRequest(
      (request) => isAuthenticate(request) && new URL(page.url()).pathname === '/idpComplete',
    );
    await startAtRelyingParty(page, stack, { idp: 'corp' });
    await expect(page.getByRole('heading', { name: 'Example Identity Provider' })).toBeVisible();
    await expect(page.getByText('Sign in with Corporate SSO - Internal')).toBeVisible();

    // The provider vouches only for its own accounts, and says so.
    await page.getByLabel('User name').fill('pat.password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'No account with that user name at this identity provider.',
    );

    await page.getByLabel('User name').fill('ida.idp');
    await page.getByRole('button', { name: 'Continue' }).click();
    const request = await reauthenticated;
    expect(request.postDataJSON()).not.toHaveProperty('subject');
    await expectBackAtRelyingParty(page, 'ida.idp');
  });

  test("identity-provider discovery shows 'Connecting to {provider}' on /idp with no user name", async ({
    page,
    stack,
    emulator,
    pageErrors: _,
  }) => {
    await emulator.post('faults', { call: 'oauth2/v1/idp', method: 'GET', delayMs: 2000 });
    await startAtRelyingParty(page, stack, { idp: 'corp' });
    await expect(page).toHaveURL(/\/idp$/);
    await expect(page.getByRole('heading', { name: 'Connecting to Corporate SSO' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Not / })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Example Identity Provider' })).toBeVisible();
  });

  test('an SSO session: the next start returns to the relying party at once, no form', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    await signInThroughRelyingParty(page, stack, false);
    const [cookie] = (await page.context().cookies(stack.emulatorUrl)).filter(
      (c) => c.name === 'emulator_sso',
    );
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const sent = recordAuthenticates(page);
    const portalPages: string[] = [];
    page.on('framenavigated', (frame) => {
      const url = new URL(frame.url());
      if (frame === page.mainFrame() && url.origin === stack.portalUrl) portalPages.push(url.pathname);
    });
    await startAtRelyingParty(page, stack);
    await expectBackAtRelyingParty(page, 'pat.password');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).not.toHaveProperty('subject');
    // Straight through: no portal page but /oauth2, then the SSO's authcomplete and the relying party.
    expect([...new Set(portalPages)]).toEqual(['/oauth2']);
  });

  test('an SSO session with the remembered user: the subject matches, straight back', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    await signInThroughRelyingParty(page, stack, true);
    const sent = recordAuthenticates(page);
    await startAtRelyingParty(page, stack);
    await expectBackAtRelyingParty(page, 'pat.password');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ subject: 'pat.password', rememberMe: true });
  });

  test("an SSO session and a different remembered user: that user's own steps", async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    await signInThroughRelyingParty(page, stack, false);
    await page.goto('/help');
    await page.evaluate(() => localStorage.setItem('rememberMe', 'sam.sms'));
    await startAtRelyingParty(page, stack);
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole('button', { name: 'Not sam.sms?' })).toBeVisible();
  });

  test('a direct sign-in opens no SSO session: the next relying-party start asks for the User ID', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.goto('/direct');
    await page.getByLabel('User ID').fill('pat.password');
    await page.getByLabel('Remember Me').uncheck();
    await page.getByRole('button', { name: 'Submit' }).click();
    await enterPassword(page);
    await expect(page).toHaveURL(/\/welcome$/);
    expect((await page.context().cookies(stack.emulatorUrl)).map((c) => c.name)).not.toContain(
      'emulator_sso',
    );

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/signed-out$/);
    await startAtRelyingParty(page, stack);
    await expect(page.getByLabel('User ID')).toBeEditable();
    await expect(page).toHaveURL(`${stack.portalUrl}/oauth2`);
  });

  test('a remembered user arrives with its subject, rememberMe and device data, and goes on', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.addInitScript(() => localStorage.setItem('rememberMe', 'pat.password'));
    const sent = recordAuthenticates(page);
    await startAtRelyingParty(page, stack);
    await expect(page).toHaveURL(/\/verify$/);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ subject: 'pat.password', rememberMe: true, latestFlowState: true });
    await enterPassword(page);
    await expectBackAtRelyingParty(page, 'pat.password');
  });

  test('a remembered user the server does not know: its message on the User ID form, the field usable', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.addInitScript(() => localStorage.setItem('rememberMe', 'nobody'));
    await startAtRelyingParty(page, stack);
    await expect(page.getByRole('alert')).toContainText('User not found');
    const field = page.getByLabel('User ID');
    await expect(field).toBeEditable();
    await expect(field).toHaveValue('nobody');
    await field.fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await enterPassword(page);
    await expectBackAtRelyingParty(page, 'pat.password');
  });

  test('a failed arrival: the message on the form, which stays usable', async ({
    page,
    stack,
    emulator,
    pageErrors: _,
  }) => {
    await emulator.post('faults', { call: 'auth/v1/authenticate', status: 503 });
    await startAtRelyingParty(page, stack);
    await expect(page.getByRole('alert')).toContainText('Injected fault');
    const field = page.getByLabel('User ID');
    await expect(field).toBeEditable();
    await field.fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await enterPassword(page);
    await expectBackAtRelyingParty(page, 'pat.password');
  });

  test('while the arrival runs the page is busy and the form disabled', async ({
    page,
    stack,
    emulator,
    pageErrors: _,
  }) => {
    await emulator.post('faults', { call: 'auth/v1/authenticate', delayMs: 2500 });
    await startAtRelyingParty(page, stack);
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.locator('section[aria-busy="true"]')).toBeVisible();
    await expect(page.getByLabel('User ID')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await expect(page.getByLabel('User ID')).toBeEditable();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByLabel('User ID')).toBeFocused();
  });
});
