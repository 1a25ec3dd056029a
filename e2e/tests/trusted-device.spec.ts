import type { BrowserContext, Request } from '@playwright/test';
import { obfuscate } from '../../shared/src/storage/cookieNames';
import { type EmulatorApi, expect, type Page, test as base } from '../src/fixtures';
import { codesSent } from '../src/outbox';
import { arriveFromRelyingParty } from '../src/relyingParty';
import { recordServerReplies } from '../src/serverReplies';
import { freePort, type PortalStack, startStack } from '../src/servers';
import { PASSWORD } from '../src/signIn';

// Trusted devices end to end (issue 13 §3; spec sections 3 and 9): tom.trusted signs in with a
// password and an SMS code; a full sign-in with Remember Me makes the emulator trust the browser,
// whose tdi- cookie then lets the next sign-in skip the SMS step, until either side lets it expire.

/**
 * Who keeps the id depends on the service URL (portal-server README, "Trusted-device id"): the
 * SSO itself (the page keeps a readable tdi- cookie, the tests below) or the portal's proxy (the
 * portal server keeps it HttpOnly, the last test). Each stack names its service URL explicitly.
 */
async function withStack(service: 'sso' | 'proxy', use: (stack: PortalStack) => Promise<void>) {
  const [portalPort, emulatorPort] = [await freePort(), await freePort()];
  const serviceUrl =
    service === 'proxy'
      ? `http://localhost:${portalPort}/common/portal/proxy/`
      : `http://localhost:${emulatorPort}/default/`;
  const stack = await startStack({
    portalPort,
    emulatorPort,
    portalEnv: { LOG_LEVEL: 'warn', SERVICE_URL: serviceUrl },
  });
  await use(stack);
  await stack.stop();
}

const test = base.extend<object, { stack: PortalStack }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  stack: [async ({}, use) => withStack('sso', use), { scope: 'worker', timeout: 60_000 }],
});
const throughProxy = base.extend<object, { stack: PortalStack }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
  stack: [async ({}, use) => withStack('proxy', use), { scope: 'worker', timeout: 60_000 }],
});

const USER = 'tom.trusted';
const COOKIE = `tdi-${obfuscate(USER)}`;
const DAY_MS = 86_400_000;

const passwordHeading = (page: Page) => page.getByRole('heading', { name: 'Enter your password' });

/** The next authenticate request that names a user (the User ID page's, typed or auto-submitted). */
function nextSignInBody(page: Page): Promise<Record<string, unknown>> {
  const isSignIn = (request: Request) =>
    request.url().endsWith('/auth/v1/authenticate') &&
    request.method() === 'POST' &&
    'subject' in ((request.postDataJSON() as Record<string, unknown> | null) ?? {});
  return page.waitForRequest(isSignIn).then((request) => request.postDataJSON() as Record<string, unknown>);
}

/**
 * The additional block of the AUTH_ALLOWED reply that ends these sign-ins: the SMS code's
 * verification, recorded by the test's own fetch of it (recordServerReplies). Read back from the
 * browser it was lost once: the app navigates away right after that reply, and Chromium drops the
 * body of a response the page navigated away from.
 */
async function nextAllowedAdditional(page: Page): Promise<() => Record<string, unknown>> {
  const replies = await recordServerReplies(
    page,
    (url) => url.pathname.endsWith('/factor/v1/OTPVerifier'),
    (request) => request.method() === 'POST',
  );
  return () => {
    const reply = replies.at(-1) as
      | { nextaction?: unknown; additional?: Record<string, unknown> }
      | undefined;
    expect(reply?.nextaction).toBe('AUTH_ALLOWED');
    return reply?.additional ?? {};
  };
}

async function trustedCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === COOKIE);
}

/** On the User ID page: type the user, tick or untick Remember Me, submit. */
async function enterUserId(page: Page, rememberMe: boolean): Promise<void> {
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await field.fill(USER);
  await page.getByLabel('Remember Me').setChecked(rememberMe);
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function enterPassword(page: Page): Promise<void> {
  await expect(passwordHeading(page)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** The SMS step with the code from the emulator's outbox (the n-th code sent to tom). */
async function enterSmsCode(page: Page, emulator: EmulatorApi, codeNumber: number): Promise<void> {
  await expect(page).toHaveURL(/\/sotp$/);
  const codes = await codesSent(emulator, USER, codeNumber);
  await page.getByLabel('Digit 1 of 6').pressSequentially(codes.at(-1)?.code ?? '');
}

async function expectWelcome(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Hello, Tom Trusted' })).toBeVisible();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Logout Successful' })).toBeVisible();
}

/** First visit: User ID (Remember Me ticked), password, SMS code → welcome. Returns the AUTH_ALLOWED block. */
async function fullSignIn(page: Page, emulator: EmulatorApi, codeNumber = 1) {
  await page.goto('/direct');
  const allowed = await nextAllowedAdditional(page);
  await enterUserId(page, true);
  await enterPassword(page);
  await enterSmsCode(page, emulator, codeNumber);
  await expectWelcome(page);
  await page.unrouteAll();
  return allowed();
}

/** A later visit: the remembered user ID submits itself; returns what that authenticate sent. */
async function returnToDirect(page: Page): Promise<Record<string, unknown>> {
  const body = nextSignInBody(page);
  await page.goto('/direct');
  await expect(passwordHeading(page)).toBeVisible();
  return body;
}

test('a full sign-in with Remember Me trusts the browser for 30 days; the next sign-in sends the id and skips the SMS step', async ({
  page,
  context,
  emulator,
  pageErrors: _,
}) => {
  const first = nextSignInBody(page);
  const allowed = await fullSignIn(page, emulator);
  expect(await first).not.toHaveProperty('trustedDeviceID');
  expect(allowed).toMatchObject({ isTrustedDeviceEnabled: true, trustedDeviceExpiryDays: 30 });

  const cookie = await trustedCookie(context);
  expect(cookie?.value).toBe(allowed.trustedDeviceId);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict', httpOnly: false });
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / DAY_MS;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);

  await logOut(page);
  const second = await returnToDirect(page);
  expect(second).toMatchObject({ subject: USER, rememberMe: true, trustedDeviceID: cookie?.value });
  await enterPassword(page);
  await expectWelcome(page);
  // No second factor: the only code ever sent is the first sign-in's.
  expect(await codesSent(emulator, USER, 1)).toHaveLength(1);
  expect((await trustedCookie(context))?.value).toBe(cookie?.value);
});

test('with Remember Me unticked no device is trusted: no cookie, and the next sign-in asks for the SMS code', async ({
  page,
  context,
  emulator,
  pageErrors: _,
}) => {
  await page.goto('/direct');
  const allowed = await nextAllowedAdditional(page);
  await enterUserId(page, false);
  await enterPassword(page);
  await enterSmsCode(page, emulator, 1);
  await expectWelcome(page);
  await page.unrouteAll();
  expect(allowed()).toMatchObject({ isTrustedDeviceEnabled: false, trustedDeviceId: '' });
  expect(await trustedCookie(context)).toBeUndefined();

  // Nothing was remembered: the User ID page again, and both steps.
  await logOut(page);
  const body = nextSignInBody(page);
  const trusted = await fullSignIn(page, emulator, 2);
  expect(await body).not.toHaveProperty('trustedDeviceID');
  // This time Remember Me was ticked: now the browser is trusted.
  expect((await trustedCookie(context))?.value).toBe(trusted.trustedDeviceId);
});

test('unticking Remember Me on a trusted browser: the server forgets the device and the cookie is removed', async ({
  page,
  context,
  emulator,
  pageErrors: _,
}) => {
  await fullSignIn(page, emulator);
  const cookie = await trustedCookie(context);
  expect(cookie).toBeDefined();
  await logOut(page);

  // restart=true shows the User ID form (no auto-submit) with the remembered user.
  await page.goto('/direct?restart=true');
  const body = nextSignInBody(page);
  await enterUserId(page, false);
  expect(await body).toMatchObject({ rememberMe: false, trustedDeviceID: cookie?.value });
  await expect(passwordHeading(page)).toBeVisible();
  await expect.poll(() => trustedCookie(context)).toBeUndefined();
  await enterPassword(page);
  await enterSmsCode(page, emulator, 2);
  await expectWelcome(page);
  expect(await trustedCookie(context)).toBeUndefined();
});

test('server-side expiry: 31 days later the SMS step is back and the stale cookie is removed', async ({
  page,
  context,
  emulator,
  pageErrors: _,
}) => {
  const first = await fullSignIn(page, emulator);
  await logOut(page);
  await emulator.post('clock', { offsetMs: 31 * DAY_MS });

  const body = await returnToDirect(page);
  expect(body.trustedDeviceID).toBe(first.trustedDeviceId);
  // The server said the device is no longer trusted: the browser forgets it at once.
  await expect.poll(() => trustedCookie(context)).toBeUndefined();
  await enterPassword(page);
  await enterSmsCode(page, emulator, 2);
  await expectWelcome(page);
  // A full sign-in with Remember Me trusts the browser again, under a new id.
  const renewed = await trustedCookie(context);
  expect(renewed?.value).toBeTruthy();
  expect(renewed?.value).not.toBe(first.trustedDeviceId);
});

for (const { daysAgo, stillSent } of [
  { daysAgo: 29, stillSent: true },
  { daysAgo: 31, stillSent: false },
]) {
  test(`browser-side expiry: a cookie written ${daysAgo} days ago is ${stillSent ? 'still sent' : 'gone and no longer sent'}`, async ({
    page,
    context,
    emulator,
    pageErrors: _,
  }) => {
    // The page's clock runs `daysAgo` days behind: the 30-day Expires it writes lies 30 - daysAgo
    // days from the real now, which is what the browser's cookie jar goes by.
    await page.clock.install({ time: Date.now() - daysAgo * DAY_MS });
    const allowed = await fullSignIn(page, emulator);
    // The server did trust the device either way.
    expect(allowed).toMatchObject({ isTrustedDeviceEnabled: true, trustedDeviceExpiryDays: 30 });

    const cookie = await trustedCookie(context);
    if (stillSent) {
      const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / DAY_MS;
      expect(days).toBeGreaterThan(30 - daysAgo - 0.1);
      expect(days).toBeLessThanOrEqual(30 - daysAgo);
    } else {
      expect(cookie).toBeUndefined();
    }

    await logOut(page);
    const body = await returnToDirect(page);
    await enterPassword(page);
    if (stillSent) {
      expect(body.trustedDeviceID).toBe(allowed.trustedDeviceId);
      await expectWelcome(page);
    } else {
      expect(body).not.toHaveProperty('trustedDeviceID');
      await enterSmsCode(page, emulator, 2);
      await expectWelcome(page);
    }
  });
}

test('oauth2 flow: the trusted browser goes back to the relying party right after the password', async ({
  page,
  context,
  stack,
  emulator,
  pageErrors: _,
}) => {
  const startAtRelyingParty = async () => {
    await arriveFromRelyingParty(page, stack);
  };
  const signedInAtRelyingParty = async () => {
    await expect(page).toHaveURL(/\/_emulator\/rp\/callback\?code=/);
    await expect(page.getByText(`Signed in as ${USER}`, { exact: false })).toBeVisible();
  };

  await startAtRelyingParty();
  await enterUserId(page, true);
  await enterPassword(page);
  await enterSmsCode(page, emulator, 1);
  await signedInAtRelyingParty();
  // Kept before the portal handed the browser to authcomplete.
  const cookie = await trustedCookie(context);
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);

  // A new relying-party visit after the SSO session has ended (it would otherwise send the browser
  // straight back): the remembered user is signed in with the device id.
  await context.clearCookies({ name: 'emulator_sso' });
  expect(await trustedCookie(context)).toBeDefined();
  const body = nextSignInBody(page);
  await startAtRelyingParty();
  await expect(passwordHeading(page)).toBeVisible();
  expect(await body).toMatchObject({ subject: USER, trustedDeviceID: cookie?.value });
  await enterPassword(page);
  await signedInAtRelyingParty();
  expect(await codesSent(emulator, USER, 1)).toHaveLength(1);
});

throughProxy(
  'through the proxy the id is HttpOnly: never in document.cookie nor a reply, and the next sign-in still skips the SMS',
  async ({ page, context, emulator, pageErrors: _ }) => {
    const allowed = await fullSignIn(page, emulator);
    // The portal server took the id out of the reply and kept it.
    expect(allowed).toMatchObject({ isTrustedDeviceEnabled: true, trustedDeviceExpiryDays: 30 });
    expect(allowed).not.toHaveProperty('trustedDeviceId');
    const kept = (await context.cookies()).filter((cookie) => cookie.name.startsWith('__Host-tdi-'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ path: '/', httpOnly: true, secure: true, sameSite: 'Strict' });
    expect(await trustedCookie(context)).toBeUndefined();
    expect(await page.evaluate(() => document.cookie)).not.toContain(kept[0]?.value ?? '<none>');
    expect(await page.evaluate(() => document.cookie)).not.toContain('tdi-');

    await logOut(page);
    const second = await returnToDirect(page);
    // The page sends no id; the portal server adds it on the way to the SSO.
    expect(second).toMatchObject({ subject: USER, rememberMe: true });
    expect(second).not.toHaveProperty('trustedDeviceID');
    await enterPassword(page);
    await expectWelcome(page);
    expect(await codesSent(emulator, USER, 1)).toHaveLength(1);
  },
);
