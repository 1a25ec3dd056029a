import type { Browser, CDPSession, Page, Request } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { arriveFromRelyingParty } from '../src/relyingParty';
import { PASSWORD } from '../src/signIn';

// A flow state is honoured only by the browser tab that started it (issue 14, item 2), and the
// identity-provider data a tab saves holds no token (item 10):
// - a hand-back address opened in a fresh browser (login CSRF), or again after logout, signs no
//   one in and sends no authenticate call;
// - x-flow-state and isIDP leave the address and the history as soon as the portal has read them;
// - the SSO refuses a completed flow state's reuse, and an authcomplete address used once
//   (issue 21: the completion secret, see oauth2-fixation.spec.ts).

const restartHeading = 'Unrecoverable error. Please restart login or try again later.';

async function enterUserId(page: Page, userId: string) {
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(userId);
  await page.getByRole('button', { name: 'Submit' }).click();
}

const isAuthenticate = (request: Request) =>
  request.url().endsWith('/auth/v1/authenticate') && request.method() === 'POST';

/**
 * The bodies of the authenticate replies from now on, read as they pass through the test (the
 * page moves on at once, and the browser may keep no body of a reply the page has moved on from:
 * read afterwards, it failed with 'No data found for resource').
 */
async function authenticateReplyBodies(page: Page): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route(
    (url) => url.pathname.endsWith('/auth/v1/authenticate'),
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      bodies.push(await response.json().catch(() => null));
      await route.fulfill({ response });
    },
  );
  return bodies;
}

/** Every authenticate call the page sends from now on. */
function recordAuthenticates(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (isAuthenticate(request)) sent.push(request);
  });
  return sent;
}

/** The identity provider's hand-back address the page is sent to next (the 303 from Continue). */
function nextHandBack(page: Page): Promise<string> {
  return page
    .waitForRequest((request) => request.isNavigationRequest() && request.url().includes('/idpComplete?'))
    .then((request) => request.url());
}

/** ida.idp through the provider to /welcome in the direct flow; the hand-back address it used. */
async function idpSignIn(page: Page): Promise<string> {
  const handBack = nextHandBack(page);
  await page.goto('/direct');
  await enterUserId(page, 'ida.idp');
  await expect(page.getByRole('heading', { name: 'Example Identity Provider' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  return handBack;
}

/**
 * Someone else's hand-back: in their own browser they go through the provider, and stop before
 * their portal takes the address (their flow state is still unused).
 */
async function attackersHandBack(browser: Browser, portalUrl: string): Promise<string> {
  const context = await browser.newContext({ baseURL: portalUrl });
  try {
    const page = await context.newPage();
    let handBack = '';
    await page.route('**/_emulator/idp/continue', async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      handBack = response.headers().location ?? '';
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'stopped here' });
    });
    await page.goto('/direct');
    await enterUserId(page, 'ida.idp');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('stopped here')).toBeVisible();
    return handBack;
  } finally {
    await context.close();
  }
}

/** The URLs of every entry of the tab's session history. */
async function historyUrls(cdp: CDPSession): Promise<string[]> {
  const { entries } = await cdp.send('Page.getNavigationHistory');
  return entries.map((entry) => entry.url);
}

/** No entry of the tab's history holds the hand-back's flow state or its isIDP flag. */
async function expectHistoryWithoutFlowState(cdp: CDPSession, flowState: string) {
  for (const entry of await historyUrls(cdp)) {
    expect(entry).not.toContain(flowState);
    expect(entry).not.toContain(encodeURIComponent(flowState));
    expect(entry).not.toContain('isIDP');
  }
}

async function expectRestartNotice(page: Page, message: string) {
  await expect(page.getByRole('heading', { name: restartHeading })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(message);
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
}

test.describe('the identity provider’s hand-back belongs to the tab that went there', () => {
  test('a fresh browser opening a hand-back address: restart notice, no authenticate call', async ({
    page,
    browser,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const handBack = await attackersHandBack(browser, stack.portalUrl);
    const url = new URL(handBack);
    expect(url.pathname).toBe('/idpComplete');
    expect(url.searchParams.get('isIDP')).toBe('true');
    expect(url.searchParams.get('x-flow-state')).toBeTruthy();

    const sent = recordAuthenticates(page);
    await page.goto(handBack);
    await expect(page).toHaveURL(`${stack.portalUrl}/restartRequired`);
    await expectRestartNotice(page, 'Missing information from identity provider response data.');
    // A way on: a sign-in of one's own.
    await expect(page.getByRole('button', { name: 'Click to retry login' })).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('after the hand-back neither the address nor the history holds the flow state; session storage holds no token', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    // The reply that opens /idp, with token fields added on its way (a server may send them).
    await page.route('**/auth/v1/authenticate', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as Record<string, unknown>;
      if (json.nextaction !== 'IDP_AUTH') return route.fulfill({ response, json });
      return route.fulfill({
        response,
        json: {
          ...json,
          access_token: 'leaked-access-token',
          id_token: 'leaked-id-token',
          refresh_token: 'leaked-refresh-token',
        },
      });
    });
    // What /idp left in session storage, read as /idpComplete loads, before the portal reads it.
    await page.addInitScript(() => {
      if (location.pathname === '/idpComplete')
        (window as unknown as { savedIdpData: string | null }).savedIdpData =
          sessionStorage.getItem('idpData');
    });
    const cdp = await page.context().newCDPSession(page);

    const handBack = await idpSignIn(page);
    const flowState = new URL(handBack).searchParams.get('x-flow-state') ?? '';
    expect(flowState).not.toBe('');

    expect(page.url()).toBe(`${stack.portalUrl}/welcome`);
    expect((await historyUrls(cdp)).some((entry) => entry.includes('/idpComplete'))).toBe(true);
    await expectHistoryWithoutFlowState(cdp, flowState);

    // What the tab kept for the hand-back: the flow state to match, no token.
    const saved = await page.evaluate(
      () => (window as unknown as { savedIdpData: string | null }).savedIdpData,
    );
    expect(JSON.parse(saved ?? 'null')).toMatchObject({ nextaction: 'IDP_AUTH', flowState });
    expect(saved).not.toMatch(/token/i);
    const storage = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
    expect(storage).not.toContain('leaked');
    expect(storage).not.toMatch(/token/i);
    expect(storage).not.toContain(flowState);
  });

  test('a screen that fails to load on the hand-back still takes the flow state out of the address; Retry completes the sign-in', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    const handBack = nextHandBack(page);
    await page.goto('/direct');
    await enterUserId(page, 'ida.idp');
    await expect(page.getByRole('heading', { name: 'Example Identity Provider' })).toBeVisible();
    // The sign-in screens' remote is unreachable when the provider hands back.
    const remote = '**/remotes/remote-login/**';
    await page.route(remote, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Continue' }).click();
    const failure = page.locator('[data-failed-remote="remote_login"]');
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();

    const flowState = new URL(await handBack).searchParams.get('x-flow-state') ?? '';
    expect(flowState).not.toBe('');
    expect(page.url()).toBe(`${stack.portalUrl}/idpComplete`);
    await expectHistoryWithoutFlowState(cdp, flowState);

    await page.unroute(remote);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('the same hand-back after logout does not sign in', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const handBack = await idpSignIn(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/signed-out$/);

    const sent = recordAuthenticates(page);
    await page.goto(handBack);
    await expect(page).toHaveURL(`${stack.portalUrl}/restartRequired`);
    await expectRestartNotice(page, 'Missing information from identity provider response data.');
    expect(sent).toEqual([]);
  });

  test('the SSO refuses a completed flow state even when the tab holds matching data', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const handBack = await idpSignIn(page);
    const flowState = new URL(handBack).searchParams.get('x-flow-state') ?? '';
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/signed-out$/);
    // As if this tab had gone to the provider for that flow (an earlier version, a forged entry).
    await page.evaluate(
      (fs) => sessionStorage.setItem('idpData', JSON.stringify({ nextaction: 'IDP_AUTH', flowState: fs })),
      flowState,
    );

    const sent = recordAuthenticates(page);
    const bodies = await authenticateReplyBodies(page);
    const refused = page.waitForResponse((response) => isAuthenticate(response.request()));
    await page.goto(handBack);
    const reply = await refused;
    expect(reply.status()).toBe(401);
    expect(bodies[0]).toMatchObject({ errorCode: '0000010' });
    expect(sent[0]?.headers()['x-flow-state']).toBe(flowState);
    await expect(page).toHaveURL(`${stack.portalUrl}/restartRequired`);
    await expectRestartNotice(page, 'Unable to locate user information from IDP response.');
  });
});

test.describe('the oauth2 entry and authcomplete', () => {
  test('/oauth2 takes x-flow-state out of the address and the history; going back does not reveal it', async ({
    page,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    const sent = recordAuthenticates(page);
    const flowState = await arriveFromRelyingParty(page, stack, { login_hint: 'pat.password' });
    expect(flowState).not.toBe('');
    // The arrival used it…
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    expect(sent[0]?.headers()['x-flow-state']).toBe(flowState);
    // …and it is gone from the address and from every history entry.
    await expect(page).toHaveURL(/\/verify$/);
    for (const entry of await historyUrls(cdp)) expect(entry).not.toContain(flowState);
    await page.goBack();
    await expect(page).toHaveURL(`${stack.portalUrl}/oauth2`);
    expect(page.url()).not.toContain('x-flow-state');
  });

  test('an authcomplete address is single use: opened again in another browser, it is refused', async ({
    page,
    browser,
    stack,
    emulator: _,
    pageErrors: __,
  }) => {
    // A sign-in at the relying party, completed in this browser; the hand-back address it used.
    const handBack = page.waitForRequest((r) => r.url().includes('/oauth2/v1/authcomplete'));
    await arriveFromRelyingParty(page, stack, { login_hint: 'pat.password' });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
    const authcomplete = (await handBack).url();
    expect(new URL(authcomplete).searchParams.get('completion_secret')).toBeTruthy();

    // The same address later (history on a shared machine, copied to someone else): refused.
    const other = await browser.newContext({ baseURL: stack.portalUrl });
    const theirs = await other.newPage();
    const response = await theirs.goto(authcomplete);
    expect(response?.status()).toBe(401);
    expect(await response?.json()).toMatchObject({ errorCode: '0000010' });
    expect(theirs.url()).not.toContain('/_emulator/rp/callback');
    expect((await other.cookies(stack.emulatorUrl)).map((c) => c.name)).not.toContain('emulator_sso');
    await other.close();
  });
});
