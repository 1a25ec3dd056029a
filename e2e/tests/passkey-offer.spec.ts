import { expect, type Page, test } from '../src/fixtures';
import { codeSent } from '../src/outbox';
import { navigateInApp, signInWithPassword } from '../src/signIn';
import { addVirtualAuthenticator } from '../src/webauthn';

/** The welcome page's passkey offer after a sign-in without a passkey or security key (issue 16, part 4). */

const offer = (page: Page) => page.getByRole('region', { name: 'Sign in faster next time with a passkey' });

/** Counts the page's requests for the user's credentials (the offer reads them first). */
function credentialReads(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname.endsWith('/factor/v1/MeCreds'))
      counter.count += 1;
  });
  return counter;
}

/** sam.sms: User ID (not remembered), password, then the SMS code from the emulator's outbox. */
async function signInWithSms(page: Page, emulator: Parameters<typeof codeSent>[0], count: number) {
  await signInWithPassword(page, 'sam.sms', { rememberMe: false });
  await expect(page).toHaveURL(/\/sotp$/);
  const code = await codeSent(emulator, 'sam.sms', count);
  await page.getByLabel('Digit 1 of 6').pressSequentially(code);
  await expect(page).toHaveURL(/\/welcome$/);
}

test('a password + SMS user creates a passkey from the offer and signs in with it next time', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const authenticator = await addVirtualAuthenticator(page, { conditionalMediation: true });
  await signInWithSms(page, emulator, 1);
  await expect(offer(page)).toBeVisible();
  await offer(page).getByRole('button', { name: 'Create a passkey' }).click();
  // The self-service passkey registration: the prompt, then the new credential in the list.
  await expect(page).toHaveURL(/\/self-service$/);
  await expect(page.getByRole('status').filter({ hasText: 'A new credential was added.' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Your credentials' })
      .getByRole('heading', { name: 'Passkey', exact: true }),
  ).toBeVisible();
  expect(await authenticator.credentialCount()).toBe(1);

  // Next time: the passkey from the User ID field's suggestions, no password and no code.
  const reads = credentialReads(page);
  await page.goto('/direct');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('link', { name: 'Manage Credentials' })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
  expect(reads.count).toBe(0);
  expect(await codeSent(emulator, 'sam.sms', 1)).toBeTruthy();
});

test("'Not now' hides the offer for that user on the next sign-in, not for another user", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await signInWithPassword(page, 'pat.password', { rememberMe: false });
  await expect(page).toHaveURL(/\/welcome$/);
  await offer(page).getByRole('button', { name: 'Not now' }).click();
  await expect(offer(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage Credentials' })).toBeFocused();

  // pat.password again (a new page, so a new sign-in): no offer, and its credentials not even read.
  const reads = credentialReads(page);
  await signInWithPassword(page, 'pat.password', { rememberMe: false });
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  expect(reads.count).toBe(0);
  await expect(offer(page)).toHaveCount(0);

  // Another user of this browser is still offered one.
  await signInWithSms(page, emulator, 1);
  await expect(offer(page)).toBeVisible();
});

test('the offer is made once per sign-in', async ({ page, pageErrors: _ }) => {
  await signInWithPassword(page, 'pat.password', { rememberMe: false });
  await expect(offer(page)).toBeVisible();
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  await expect(page).toHaveURL(/\/self-service$/);
  await navigateInApp(page, '/welcome');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
});
