import type { Request } from '@playwright/test';
import { expect, test as base } from '../src/fixtures';
import { arriveFromRelyingParty } from '../src/relyingParty';
import { type PortalStack, PROXY_PATH, startProxiedStack } from '../src/servers';
import { PASSWORD } from '../src/signIn';
import { carryingIdToken, carryingRefreshToken, recordTraffic } from '../src/tokenTraffic';

// The oauth2 hand-back with the portal server's proxy as service URL (issue 21, item 6): the page
// calls the SSO only through /common/portal/proxy/ on its own origin, yet authcomplete, a
// top-level navigation that must carry the browser's SSO cookies, goes to the SSO itself, which
// the environment configuration names (ssoUrl). Absolute and relative authCompleteUrls both.

const test = base.extend<Record<never, never>, { stack: PortalStack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const stack = await startProxiedStack({ LOG_LEVEL: 'warn' });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

/** Every request the page sends to the SSO's origin, and every one through the proxy. */
function recordRequests(page: import('@playwright/test').Page, stack: PortalStack) {
  const toSso: Request[] = [];
  const proxied: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === stack.emulatorUrl) toSso.push(request);
    if (url.origin === stack.portalUrl && url.pathname.startsWith(PROXY_PATH)) proxied.push(request);
  });
  return { toSso, proxied };
}

for (const form of ['absolute', 'relative'] as const) {
  test(`an oauth2 sign-in through the proxy reaches the relying party as the user (${form} authCompleteUrl)`, async ({
    page,
    stack,
    emulator,
    pageErrors: _,
  }) => {
    await emulator.post('settings', { authCompleteUrl: form });

    const traffic = recordTraffic(page);
    await arriveFromRelyingParty(page, stack);
    const { toSso, proxied } = recordRequests(page, stack);
    const field = page.getByLabel('User ID');
    await expect(field).toBeEditable();
    await field.fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
    await expect(page.locator('#signed-in-user')).toHaveText('pat.password');

    // The sign-in calls went through the proxy; the only navigation to the SSO was authcomplete.
    expect(proxied.map((r) => new URL(r.url()).pathname)).toContain(
      `${PROXY_PATH}factor/v1/PasswordAuthenticator`,
    );
    const [handBack, ...others] = toSso.filter((r) => r.url().includes('/oauth2/v1/'));
    expect(others).toEqual([]);
    const completed = new URL(handBack?.url() ?? '');
    expect(`${completed.origin}${completed.pathname}`).toBe(`${stack.tenantUrl}oauth2/v1/authcomplete`);
    expect(handBack?.isNavigationRequest()).toBe(true);
    expect(completed.searchParams.get('completion_secret')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The SSO session was set on the SSO's origin, for the next relying-party start.
    expect((await page.context().cookies(stack.emulatorUrl)).map((c) => c.name)).toContain('emulator_sso');
    // No reply the page's scripts read carried an id_token or a refresh token (issue 21 item 6).
    await Promise.all(traffic.pending);
    expect(traffic.fetched.length).toBeGreaterThan(0);
    expect(carryingIdToken(traffic.fetched), 'an id_token in a reply page scripts read').toEqual([]);
    expect(carryingRefreshToken(traffic.fetched), 'a refresh token in a reply page scripts read').toEqual([]);
    // What the page was told: the proxy for its calls, the SSO for the hand-back.
    const environment = await (await page.request.get(`${stack.portalUrl}/v1/config/environment`)).json();
    expect(environment).toMatchObject({
      baseServiceUrl: `${stack.portalUrl}${PROXY_PATH}`,
      ssoUrl: stack.tenantUrl,
    });
  });
}

test('an identity-provider sign-in through the proxy: the SAML form posts to the SSO, the hand-back reaches the relying party', async ({
  page,
  stack,
  emulator: _,
  pageErrors: __,
}) => {
  await arriveFromRelyingParty(page, stack);
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill('ida.idp');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Example Identity Provider' })).toBeVisible();
  const handBack = page.waitForRequest((r) => r.url().includes('/oauth2/v1/authcomplete'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const completed = new URL((await handBack).url());
  expect(`${completed.origin}${completed.pathname}`).toBe(`${stack.tenantUrl}oauth2/v1/authcomplete`);
  await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
  await expect(page.locator('#signed-in-user')).toHaveText('ida.idp');
});
