import type { Page, Request } from '@playwright/test';
import { editStartupData } from '../src/startupData';
import { obfuscate } from '../../shared/src/storage/cookieNames';
import { expect, test } from '../src/fixtures';
import { freePort, type PortalStack, startStack } from '../src/servers';

// remote-login against the emulator: User ID, password, change password, authentication results,
// risk-type bodies, trusted-device and FIDO cookies, end pages (spec sections 2, 3, 4, 5, 8, 9).

const PASSWORD = 'Passw0rd!';

async function enterUserId(page: Page, userId: string, options: { remember?: boolean } = {}) {
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(userId);
  if (options.remember === false) await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function enterPassword(page: Page, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** The JSON body of the next authenticate request (not the reset call). */
function nextAuthenticateBody(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest(
      (request: Request) =>
        request.url().endsWith('/auth/v1/authenticate') &&
        request.method() === 'POST' &&
        !(request.postData() ?? '').includes('resetFlow'),
    )
    .then((request) => request.postDataJSON() as Record<string, unknown>);
}

test.describe('User ID page', () => {
  test('direct sign-in with password reaches /welcome with the logout button', async ({
    page,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.goto('/direct');
    const field = page.getByLabel('User ID');
    await expect(field).toHaveAttribute('autocomplete', 'username webauthn');
    await expect(field).toBeFocused();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    const remember = page.getByLabel('Remember Me');
    await expect(remember).toBeChecked();
    await expect(remember).toHaveAccessibleDescription(
      'Your user ID and this device will be saved for future logins.',
    );
    await expect(
      page.getByText(
        'This system is for authorized users only. Activity on this system may be monitored and recorded.',
      ),
    ).toBeVisible();

    await enterUserId(page, 'Pat.Password');
    await expect(page).toHaveURL(/\/verify$/);
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(password).toBeFocused();
    await enterPassword(page);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('the subject is lower-cased and the remembered user is saved', async ({ page, emulator: _ }) => {
    await page.goto('/direct');
    const body = nextAuthenticateBody(page);
    await enterUserId(page, 'Pat.Password');
    expect((await body).subject).toBe('pat.password');
    await expect(page).toHaveURL(/\/verify$/);
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBe('pat.password');
  });

  test('a remembered user ID submits itself, except with restart=true', async ({
    page,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.addInitScript(() => localStorage.setItem('rememberMe', 'pat.password'));
    await page.goto('/direct');
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    await expect(page.getByText('User pat.password').or(page.getByText('Not pat.password?'))).toBeVisible();

    let authenticated = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/auth/v1/authenticate')) authenticated = true;
    });
    await page.goto('/direct?restart=true');
    await expect(page.getByLabel('User ID')).toHaveValue('pat.password');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await expect(page).toHaveURL(/\/direct\?restart=true$/);
    expect(authenticated).toBe(false);
  });

  test('without Remember Me the user ID is not kept', async ({ page, emulator: _ }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('rememberMe', 'someone.else');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/direct?restart=true');
    await enterUserId(page, 'pat.password', { remember: false });
    await expect(page).toHaveURL(/\/verify$/);
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();
  });
});

test.describe('authentication errors (spec section 8)', () => {
  test('an unknown user: User not found', async ({ page, emulator: _, pageErrors: __ }) => {
    await page.goto('/direct');
    await enterUserId(page, 'nobody');
    await expect(page.getByRole('alert')).toContainText('User not found');
    await page.getByRole('button', { name: 'More Info' }).click();
    // The banner's dialog reads the same session state as the host (no private copy of the atoms).
    const dialog = page.getByRole('dialog', { name: 'Login Assistance Information' });
    await expect(dialog).toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/direct$/);
    await expect(page.getByLabel('User ID')).toBeEditable();
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();
  });

  test('a disabled user: The user is disabled', async ({ page, emulator: _, pageErrors: __ }) => {
    await page.goto('/direct');
    await enterUserId(page, 'dora.disabled');
    await expect(page.getByRole('alert')).toContainText('The user is disabled');
  });

  test("another error shows the server's errorMessage", async ({ page, emulator, pageErrors: _ }) => {
    await emulator.post('faults', {
      call: 'auth/v1/authenticate',
      status: 400,
      body: { errorCode: '7700001', errorMessage: 'Account locked for maintenance' },
    });
    await page.goto('/direct');
    await enterUserId(page, 'pat.password');
    await expect(page.getByRole('alert')).toContainText('Account locked for maintenance');
  });

  test('an error without a message: Unknown authentication error', async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await emulator.post('faults', {
      call: 'auth/v1/authenticate',
      status: 400,
      body: { errorCode: '7700002' },
    });
    await page.goto('/direct');
    await enterUserId(page, 'pat.password');
    await expect(page.getByRole('alert')).toContainText('Unknown authentication error');
  });

  test('a null reply: Server error, response is null, on the wildcard route', async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await emulator.post('faults', { call: 'auth/v1/authenticate', body: null });
    await page.goto('/direct');
    await enterUserId(page, 'pat.password');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('Server error, response is null')).toBeVisible();
  });

  test('AUTH_DENIED goes to Access Denied, which forgets the user', async ({
    page,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.goto('/direct');
    await enterUserId(page, 'dan.denied');
    await expect(page).toHaveURL(/\/denied$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login Assistance' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();
    await expect(page.getByText('dan.denied')).toHaveCount(0);
  });

  test('an unknown next action: restart needed', async ({ page, emulator: _, pageErrors: __ }) => {
    await page.route('**/auth/v1/authenticate', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), nextaction: 'SOMETHING_NEW' } });
    });
    await page.goto('/direct');
    await enterUserId(page, 'pat.password');
    await expect(page).toHaveURL(/\/restartRequired$/);
    await expect(
      page.getByRole('heading', { name: 'Unrecoverable error. Please restart login or try again later.' }),
    ).toBeVisible();
  });
});

test.describe('password', () => {
  test('required message, forgot link, wrong password', async ({ page, emulator: _, pageErrors: __ }) => {
    await page.goto('/direct');
    await enterUserId(page, 'pat.password');
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    await expect(forgot).toHaveAttribute('href', 'https://help.example.com/forgot-password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await enterPassword(page, 'wrong-password');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByRole('button', { name: 'More Options' })).toHaveCount(0);
  });

  test('HTTP 428 / 1003033 leads to the change-password page; each validation message; failure; success', async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await page.goto('/direct');
    await enterUserId(page, 'chris.change');
    await enterPassword(page);
    await expect(page).toHaveURL(/\/changePassword$/);
    await expect(page.getByRole('heading', { name: 'Update Password Required' })).toBeVisible();

    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });
    await expect(current).toBeFocused();
    await current.blur();
    await expect(page.getByText('* Field is required.')).toBeVisible();
    await current.fill(PASSWORD);
    await next.fill(PASSWORD);
    await next.blur();
    await expect(page.getByText('* New and old passwords cannot match.')).toBeVisible();
    await next.fill('N3w-Passw0rd!');
    await next.blur();
    await expect(page.getByText('* New and old passwords cannot match.')).toHaveCount(0);
    await confirm.fill('something else');
    await confirm.blur();
    await expect(page.getByText('* Confirmed password does not match.')).toBeVisible();

    // Revealed only while the control is held.
    const reveal = page.getByRole('button', { name: 'Show New password' });
    await expect(next).toHaveAttribute('type', 'password');
    await reveal.hover();
    await page.mouse.down();
    await expect(next).toHaveAttribute('type', 'text');
    await page.mouse.up();
    await expect(next).toHaveAttribute('type', 'password');

    await confirm.fill('N3w-Passw0rd!');
    await confirm.blur();
    await expect(page.getByText('* Confirmed password does not match.')).toHaveCount(0);

    await emulator.post('faults', {
      call: 'factor/v1/MePasswordUpdater',
      method: 'PUT',
      body: { data: { passwordUpdated: false } },
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password update failed.' })).toBeVisible();
    await expect(page).toHaveURL(/\/changePassword$/);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});

test.describe('request body per risk type (spec section 3)', () => {
  for (const riskType of ['IARISK', 'AARISK', 'RSARISK'] as const) {
    test(`${riskType}`, async ({ page, emulator: _, pageErrors: __ }) => {
      // The environment names no risk type, so the one saved in local storage is used.
      await editStartupData(page, { environment: { riskType: null } });
      await page.addInitScript((value) => localStorage.setItem('riskType', value), riskType);
      await page.goto('/direct');
      const body = nextAuthenticateBody(page);
      await enterUserId(page, 'pat.password');
      const sent = await body;
      const common = { channel: 'web', action: 'authenticate', subject: 'pat.password', rememberMe: true };
      if (riskType === 'IARISK') {
        expect(sent).toEqual({ ...common, device: { signature: { iaAuthData: expect.any(String) } } });
      } else if (riskType === 'AARISK') {
        expect(sent).toEqual({ ...common, device: { signature: expect.any(String) } });
      } else {
        expect(sent).toEqual({
          ...common,
          clientContext: [
            { key: 'deviceprint', value: expect.any(String) },
            { key: 'rememberme', value: 'true' },
          ],
        });
      }
      await expect(page).toHaveURL(/\/verify$/);
    });
  }

  test('a vendor collector on the page is used instead of the fallback fingerprint', async ({
    page,
    emulator: _,
  }) => {
    await page.addInitScript(() => {
      Object.assign(window, { encode_deviceprint: () => 'vendor-device-print' });
    });
    await page.goto('/direct');
    const body = nextAuthenticateBody(page);
    await enterUserId(page, 'pat.password');
    expect((await body).clientContext).toEqual([
      { key: 'deviceprint', value: 'vendor-device-print' },
      { key: 'rememberme', value: 'true' },
    ]);
  });
});

/**
 * The spec's direct-to-SSO mode (SERVICE_URL = the SSO's tenant), where the page itself keeps the
 * trusted-device cookie; with the proxy, the default, the portal server keeps it HttpOnly instead
 * (trusted-device.spec.ts covers both).
 */
const direct = test.extend<object, { stack: PortalStack }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const emulatorPort = await freePort();
      const stack = await startStack({
        emulatorPort,
        portalEnv: { LOG_LEVEL: 'warn', SERVICE_URL: `http://localhost:${emulatorPort}/default/` },
      });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

direct.describe('trusted-device and FIDO cookies (spec section 9, the direct-to-SSO mode)', () => {
  direct(
    'the cookies are sent as trustedDeviceID and authContext fidoIdentifier',
    async ({ page, context, stack, emulator: _ }) => {
      await context.addCookies([
        { name: `tdi-${obfuscate('pat.password')}`, value: 'device-123', url: stack.portalUrl },
        { name: `fid-${obfuscate('pat.password')}`, value: 'fido-456', url: stack.portalUrl },
      ]);
      await page.goto('/direct');
      const body = nextAuthenticateBody(page);
      await enterUserId(page, 'pat.password');
      const sent = await body;
      expect(sent.trustedDeviceID).toBe('device-123');
      expect(sent.authContext).toEqual([{ key: 'fidoIdentifier', value: 'fido-456' }]);
    },
  );

  direct('without the cookies neither field is sent', async ({ page, emulator: _ }) => {
    await page.goto('/direct');
    const body = nextAuthenticateBody(page);
    await enterUserId(page, 'pat.password');
    const sent = await body;
    expect(sent).not.toHaveProperty('trustedDeviceID');
    expect(sent).not.toHaveProperty('authContext');
  });

  direct(
    'a trusted device id in AUTH_ALLOWED is kept as tdi-<obfuscated> with its attributes',
    async ({ page, context, emulator: _, pageErrors: __ }) => {
      await page.route('**/factor/v1/PasswordAuthenticator', async (route) => {
        const response = await route.fetch();
        const json = (await response.json()) as Record<string, unknown>;
        await route.fulfill({
          response,
          json: {
            ...json,
            additional: {
              isTrustedDeviceEnabled: true,
              trustedDeviceId: 'td-789',
              trustedDeviceExpiryDays: 30,
            },
          },
        });
      });
      await page.goto('/direct');
      await enterUserId(page, 'pat.password');
      await enterPassword(page);
      await expect(page).toHaveURL(/\/welcome$/);
      const cookies = await context.cookies();
      const name = `tdi-${obfuscate('pat.password')}`;
      expect(name).not.toContain('pat');
      const cookie = cookies.find((c) => c.name === name);
      expect(cookie).toMatchObject({ value: 'td-789', path: '/', sameSite: 'Strict', httpOnly: false });
      // http://localhost is not a secure page: no __Host- prefix and no Secure flag here.
      expect(cookie?.secure).toBe(false);
      const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
    },
  );
});

test.describe('end pages', () => {
  test('signed-out: Logout Successful, Log in again → /direct', async ({
    page,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.goto('/signed-out');
    await expect(page.getByRole('heading', { name: 'Logout Successful' })).toBeVisible();
    await page.getByRole('button', { name: 'Log in again' }).click();
    await expect(page).toHaveURL(/\/direct$/);
    await expect(page.getByLabel('User ID')).toBeVisible();
  });

  test('restartRequired offers the retry link in the direct flow', async ({
    page,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.goto('/restartRequired');
    await expect(
      page.getByRole('heading', { name: 'Unrecoverable error. Please restart login or try again later.' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Click to retry login' }).click();
    await expect(page).toHaveURL(/\/direct$/);
  });

  test('restartRequired has no retry link in the oauth2 flow', async ({
    page,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.addInitScript(() => sessionStorage.setItem('x-flow', 'oauth2'));
    await page.goto('/restartRequired');
    await expect(
      page.getByRole('heading', { name: 'Unrecoverable error. Please restart login or try again later.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Click to retry login' })).toHaveCount(0);
  });

  test('denied: Access Denied with help links; clears the remembered user', async ({
    page,
    emulator: _,
    pageErrors: __,
  }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('rememberMe', 'pat.password');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/denied');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Login Assistance' })).toHaveAttribute(
      'href',
      '/help',
    );
    await expect.poll(() => page.evaluate(() => localStorage.getItem('rememberMe'))).toBeNull();
  });
});
