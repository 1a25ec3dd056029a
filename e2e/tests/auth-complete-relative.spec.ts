import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { arriveFromRelyingParty } from '../src/relyingParty';
import { PASSWORD } from '../src/signIn';

// A relative authCompleteUrl (issue 13 §4; spec section 4, AUTH_ALLOWED: "redirect the browser to
// the service's authcomplete endpoint, keeping the query string"): with the emulator's setting
// authCompleteUrl 'relative', AUTH_ALLOWED carries 'oauth2/v1/authcomplete', which the portal
// resolves against the service URL with its tenant path ({emulator}/default/), not the origin's
// root, and the oauth2 sign-in lands at the relying party.

/** The relying party's start; the flow state it handed the portal's /oauth2. */
function startAtRelyingParty(page: Page, stack: { emulatorUrl: string; portalUrl: string }) {
  return arriveFromRelyingParty(page, stack);
}

async function enterUserId(page: Page, userId: string) {
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(userId);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test.describe('a relative authCompleteUrl', () => {
  test.beforeEach(async ({ emulator }) => {
    await emulator.post('settings', { authCompleteUrl: 'relative' });
  });

  test('password sign-in: the browser goes to {service URL}oauth2/v1/authcomplete and lands at the relying party', async ({
    page,
    stack,
    pageErrors: _,
  }) => {
    // The password reply as the server sent it, read on its way through (passed on unchanged).
    let allowed: unknown;
    await page.route('**/factor/v1/PasswordAuthenticator', async (route) => {
      const response = await route.fetch();
      allowed = await response.json();
      await route.fulfill({ response, json: allowed });
    });
    const flowState = await startAtRelyingParty(page, stack);
    await enterUserId(page, 'pat.password');
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const authcomplete = page.waitForRequest((r) => r.url().includes('/oauth2/v1/authcomplete'));
    await page.getByRole('button', { name: 'Submit' }).click();

    const completed = new URL((await authcomplete).url());
    // What the server said: a relative address (with its one-time completion secret, kept).
    expect(allowed).toMatchObject({
      nextaction: 'AUTH_ALLOWED',
      authCompleteUrl: expect.stringMatching(/^oauth2\/v1\/authcomplete\?completion_secret=[\w-]{43}$/),
    });
    expect(completed.searchParams.get('completion_secret')).toBe(
      new URL(
        String((allowed as { authCompleteUrl: string }).authCompleteUrl),
        stack.tenantUrl,
      ).searchParams.get('completion_secret'),
    );
    expect(`${completed.origin}${completed.pathname}`).toBe(`${stack.tenantUrl}oauth2/v1/authcomplete`);
    expect(completed.searchParams.get('x-flow-state')).toBe(flowState);
    await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
    await expect(page.locator('#signed-in-user')).toHaveText('pat.password');
  });

  test('identity-provider hand-back: /idpComplete routes the relative address the same way', async ({
    page,
    stack,
    pageErrors: _,
  }) => {
    await startAtRelyingParty(page, stack);
    await enterUserId(page, 'ida.idp');
    await expect(page.getByRole('heading', { name: 'Example Identity Provider' })).toBeVisible();
    const authcomplete = page.waitForRequest((r) => r.url().includes('/oauth2/v1/authcomplete'));
    await page.getByRole('button', { name: 'Continue' }).click();
    const completed = new URL((await authcomplete).url());
    expect(`${completed.origin}${completed.pathname}`).toBe(`${stack.tenantUrl}oauth2/v1/authcomplete`);
    await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
    await expect(page.locator('#signed-in-user')).toHaveText('ida.idp');
  });

  for (const [label, hostile] of [
    ['protocol-relative', '//attacker.example/oauth2/v1/authcomplete'],
    ['a javascript: address', 'javascript:alert(document.domain)'],
    ['backslashes to another host', '/\\attacker.example/oauth2/v1/authcomplete'],
  ] as const) {
    test(`a relative address that leaves the service (${label}) is still refused: restart needed`, async ({
      page,
      stack,
      pageErrors: _,
    }) => {
      const leaks: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('attacker.example')) leaks.push(request.url());
      });
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      await page.route('**/factor/v1/PasswordAuthenticator', async (route) => {
        const response = await route.fetch();
        const json = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...json, authCompleteUrl: hostile } });
      });
      await startAtRelyingParty(page, stack);
      await enterUserId(page, 'pat.password');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(new RegExp(`^${stack.portalUrl}/restartRequired$`));
      await expect(
        page.getByRole('heading', { name: 'Unrecoverable error. Please restart login or try again later.' }),
      ).toBeVisible();
      expect(leaks).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  }
});
