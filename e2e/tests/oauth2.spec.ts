import type { Page, Request } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { arriveFromRelyingParty } from '../src/relyingParty';

// The oauth2 (redirect-style) flow against the emulator's relying party: x-flow-state, the
// authcomplete redirect, restart=true, the restart from the user-info banner, and hostile
// authCompleteUrls (spec section 4, 'Login start', 'AUTH_ALLOWED', 'Restarting the flow').

const PASSWORD = 'Passw0rd!';

const isAuthenticate = (request: Request) =>
  request.url().endsWith('/auth/v1/authenticate') && request.method() === 'POST';

/** The arrival's own authenticate (the flow state alone, no subject): its reply, per page. */
const arrivalReplies = new WeakMap<Page, Promise<unknown>>();

/** The relying party's start; the flow state it handed the portal's /oauth2. */
function startAtRelyingParty(page: Page, stack: { emulatorUrl: string; portalUrl: string }) {
  const arrival = page
    .waitForResponse(
      (response) =>
        isAuthenticate(response.request()) &&
        !('subject' in ((response.request().postDataJSON() as Record<string, unknown> | null) ?? {})),
    )
    .catch(() => undefined);
  arrivalReplies.set(page, arrival);
  return arriveFromRelyingParty(page, stack);
}

async function signInWithPassword(page: Page, userId: string) {
  // The field is editable from the first paint (the rendered first screen), then disabled while
  // the arrival's own authenticate runs (oauth2-arrival.spec.ts), about 15 ms after the app took
  // the page over: a fill checked just before that loses its text. So the test types once the
  // arrival's reply is in and the form is back.
  await arrivalReplies.get(page);
  const field = page.getByLabel('User ID');
  await expect(page.locator('section[aria-busy="false"]')).toBeVisible();
  await expect(field).toBeEditable();
  await field.fill(userId);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test.describe('oauth2 flow', () => {
  test('x-flow-state is used, and AUTH_ALLOWED sends the browser to authcomplete with the query string', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const authenticate = page.waitForRequest(
      (r) => isAuthenticate(r) && (r.postData() ?? '').includes('subject'),
    );
    const flowState = await startAtRelyingParty(page, stack);
    // The arrival's authenticate (oauth2-arrival.spec.ts) asks for the User ID.
    await expect(page.getByLabel('User ID')).toBeEditable();
    expect(await page.evaluate(() => sessionStorage.getItem('x-flow'))).toBe('oauth2');
    await page.getByLabel('User ID').fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    const request = await authenticate;
    expect(request.headers()['x-flow-state']).toBe(flowState);
    expect(request.postDataJSON()).toMatchObject({ subject: 'pat.password', latestFlowState: true });

    const authcomplete = page.waitForRequest((r) => r.url().includes('/oauth2/v1/authcomplete'));
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    const completed = new URL((await authcomplete).url());
    expect(completed.origin).toBe(stack.emulatorUrl);
    expect(completed.pathname).toMatch(/\/oauth2\/v1\/authcomplete$/);
    expect(completed.searchParams.get('x-flow-state')).toBe(flowState);
    await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
    await expect(page.getByText('Signed in as', { exact: false })).toBeVisible();
  });

  test('restart=true restores the saved parameters, resets the user and signs in', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const flowState = await startAtRelyingParty(page, stack);
    await expect(page.getByLabel('User ID')).toBeEditable();
    // The arrival's own call answered before the restart: leaving mid-call is another test's case
    // (the field is typeable from the first paint, long before the app has made that call).
    await arrivalReplies.get(page);
    await expect(page.locator('section[aria-busy="false"]')).toBeVisible();

    const reset = page.waitForRequest((r) => isAuthenticate(r) && (r.postData() ?? '').includes('resetFlow'));
    await page.goto('/oauth2?restart=true');
    const resetRequest = await reset;
    expect(resetRequest.headers()['x-flow-state']).toBe(flowState);
    expect(resetRequest.postDataJSON()).toMatchObject({ resetFlow: true });
    await expect(page.getByLabel('User ID')).toBeEditable();

    await signInWithPassword(page, 'pat.password');
    await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
  });

  test('a failed reset: Error resetting user, then restart needed (no retry link in oauth2)', async ({
    page,
    stack,
    emulator,
    pageErrors: _,
  }) => {
    // The arrival's own authenticate has been answered before the fault is set: the field is
    // editable before the app runs (the server-rendered first screen), so that says nothing, and
    // a late arrival call would take the fault meant for the reset.
    const arrival = page.waitForResponse((response) => isAuthenticate(response.request()));
    await startAtRelyingParty(page, stack);
    await arrival;
    await expect(page.getByLabel('User ID')).toBeEditable();
    await emulator.post('faults', { call: 'auth/v1/authenticate', status: 500 });
    await page.goto('/oauth2?restart=true');
    await expect(page).toHaveURL(/\/restartRequired$/);
    await expect(page.getByRole('alert')).toContainText('Error resetting user');
    await expect(page.getByRole('button', { name: 'Click to retry login' })).toHaveCount(0);
  });

  test("the user-info banner's 'Not {name}?' restarts the oauth2 flow with a reset", async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    await startAtRelyingParty(page, stack);
    await page.getByLabel('User ID').fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();

    const reset = page.waitForRequest((r) => isAuthenticate(r) && (r.postData() ?? '').includes('resetFlow'));
    await page.getByRole('button', { name: 'Not pat.password?' }).click();
    await reset;
    await expect(page).toHaveURL(/\/oauth2\?restart=true$/);
    await expect(page.getByLabel('User ID')).toBeEditable();
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();
    await signInWithPassword(page, 'pat.password');
    await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
  });

  for (const [label, hostile] of [
    ['a javascript: address', 'javascript:alert(document.domain)'],
    ['another origin', 'https://attacker.example/oauth2/v1/authcomplete'],
    ['a protocol-relative address', '//attacker.example/oauth2/v1/authcomplete'],
  ] as const) {
    test(`a hostile authCompleteUrl (${label}) is refused`, async ({
      page,
      stack,
      emulator: _,
      pageErrors: __,
    }) => {
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      const leaks: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('attacker.example')) leaks.push(request.url());
      });
      await page.route('**/factor/v1/PasswordAuthenticator', async (route) => {
        const response = await route.fetch();
        const json = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...json, authCompleteUrl: hostile } });
      });
      await startAtRelyingParty(page, stack);
      await signInWithPassword(page, 'pat.password');
      await expect(page).toHaveURL(new RegExp(`^${stack.portalUrl}/restartRequired$`));
      await expect(
        page.getByRole('heading', { name: 'Unrecoverable error. Please restart login or try again later.' }),
      ).toBeVisible();
      expect(dialogs).toEqual([]);
      expect(leaks).toEqual([]);
    });
  }
});

test.describe('restart from the user-info banner in the direct flow', () => {
  test("'Not {name}?' forgets the user and opens /direct", async ({ page, emulator: _, pageErrors: __ }) => {
    await page.goto('/direct');
    await page.getByLabel('User ID').fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    let resetSent = false;
    page.on('request', (r) => {
      if (isAuthenticate(r) && (r.postData() ?? '').includes('resetFlow')) resetSent = true;
    });
    await page.getByRole('button', { name: 'Not pat.password?' }).click();
    await expect(page).toHaveURL(/\/direct$/);
    await expect(page.getByLabel('User ID')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Not pat.password?' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();
    expect(resetSent).toBe(false);
  });
});
