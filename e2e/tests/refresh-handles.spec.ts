import { expect, type Page, test } from '../src/fixtures';
import { PASSWORD, signInToWelcome, signInWithPassword } from '../src/signIn';

// Issue 21, item 3: each sign-in has its own refresh cookie, redeemed only with the handle that
// the signed-in page keeps in memory. Another tab, a reload or anyone else at that browser holds
// the cookie but not the handle; two tabs signed in as two users each refresh as themselves.

const REFRESH = '/v1/token/generate/refresh';
const REFRESH_COOKIE = '__Host-portal-refresh-';

/** The subject of the access token in a token reply (the emulator's tokens are JWTs). */
function subjectOf(body: { access_token?: string }): string {
  const payload = String(body.access_token).split('.')[1] ?? '';
  return String(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sub);
}

/** The status of the page's next refresh reply. */
const refreshOf = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === REFRESH).then((response) => response.status());

test.beforeEach(async ({ emulator }) => {
  // With a 6-minute token the refresh falls due 1 minute after each new token.
  await emulator.post('token-lifetime', { accessTokenTtlSeconds: 360 });
});

test("a refresh without the page's handle is refused (401), and the sign-in goes on for the page that holds it", async ({
  page,
  pageErrors: _,
}) => {
  await page.clock.install();
  await signInToWelcome(page);
  // A script at this browser (here: in the page, with the cookie riding along) without the handle.
  const refused = await page.evaluate(async (url) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'cookie', scope: 'openid' }),
    });
    return { status: response.status, cleared: response.headers.get('set-cookie') };
  }, REFRESH);
  expect(refused.status).toBe(401);
  const own = refreshOf(page);
  await page.clock.fastForward('01:00');
  expect(await own).toBe(200);
  await expect(page).toHaveURL(/\/welcome$/);
});

test('two tabs in one browser signed in as two users: each refresh returns its own user', async ({
  context,
  page,
  pageErrors: _,
}) => {
  await context.clock.install();
  // Not remembered: the second tab would otherwise start with this user's ID.
  await signInWithPassword(page, 'pat.password', { rememberMe: false });
  await expect(page).toHaveURL(/\/welcome$/);
  const other = await context.newPage();
  await other.goto('/direct');
  await other.getByLabel('User ID').fill('owen.options');
  await other.getByLabel('Remember Me').uncheck();
  await other.getByRole('button', { name: 'Submit' }).click();
  await other
    .getByRole('group', { name: 'Select an authentication method' })
    .getByRole('radio', { name: 'Password' })
    .check();
  await other.getByRole('button', { name: 'Select' }).click();
  await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await other.getByRole('button', { name: 'Submit' }).click();
  await expect(other).toHaveURL(/\/welcome$/);
  const cookies = (await context.cookies()).filter((cookie) => cookie.name.startsWith(REFRESH_COOKIE));
  expect(cookies).toHaveLength(2);

  // Every refresh reply each tab receives, read in the test's process as it passes (the browser's
  // own copy of a reply body is not always still there when asked for: CI runs 14 and 15).
  const replies = new Map<Page, { status: number; subject: string }[]>([
    [page, []],
    [other, []],
  ]);
  await context.route(`**${REFRESH}`, async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    let body: { access_token?: string } = {};
    try {
      body = JSON.parse(text) as { access_token?: string };
    } catch {
      // Recorded as no subject: the assertions below say which tab got what.
    }
    replies.get(route.request().frame().page())?.push({
      status: response.status(),
      subject: body.access_token ? subjectOf(body) : '(none)',
    });
    await route.fulfill({ response, body: text });
  });
  await context.clock.fastForward('01:00');
  await expect.poll(() => replies.get(page)?.length ?? 0).toBeGreaterThan(0);
  await expect.poll(() => replies.get(other)?.length ?? 0).toBeGreaterThan(0);
  // Each tab's refreshes return its own user, and only its own.
  expect(replies.get(page)).toEqual(replies.get(page)?.map(() => ({ status: 200, subject: 'pat.password' })));
  expect(replies.get(other)).toEqual(
    replies.get(other)?.map(() => ({ status: 200, subject: 'owen.options' })),
  );
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(other).toHaveURL(/\/welcome$/);
});
