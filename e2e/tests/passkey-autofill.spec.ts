import { expect, type Page, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';
import { addVirtualAuthenticator } from '../src/webauthn';

/**
 * Passkey autofill on the User ID field (issue 16, part 3). In Chromium with a virtual
 * authenticator, a conditional request is answered at once with the discoverable credential the
 * authenticator holds: the person "picks" their passkey the moment the page opens. Without one,
 * the request waits, as it does while a person types.
 */

/** The bodies of the FIDO sign-in calls the page sent. */
function fidoCalls(page: Page) {
  const calls: { call: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'POST' || !/FIDOAuthChallenge(Generator|Verifier)$/.test(path)) return;
    calls.push({
      call: path.split('/').pop() ?? '',
      body: request.postDataJSON() as Record<string, unknown>,
    });
  });
  return calls;
}

/** How the page's conditional WebAuthn requests ended ('pending' until they do). */
async function watchConditionalRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const outcomes: string[] = [];
    (window as { __conditional?: string[] }).__conditional = outcomes;
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      if (options?.mediation !== 'conditional') return get(options);
      const index = outcomes.push('pending') - 1;
      return get(options).then(
        (credential) => {
          outcomes[index] = 'resolved';
          return credential;
        },
        (error: unknown) => {
          outcomes[index] = `rejected ${(error as Error).name}`;
          throw error;
        },
      );
    };
  });
}

const conditionalOutcomes = (page: Page) =>
  page.evaluate(() => (window as { __conditional?: string[] }).__conditional ?? []);

test('a passkey picked from the User ID field signs the user in without typing', async ({
  page,
  pageErrors: _,
}) => {
  const authenticator = await addVirtualAuthenticator(page, { conditionalMediation: true });
  // paula.passkey's first sign-in registers a passkey (a discoverable credential) inline.
  await signInWithPassword(page, 'paula.passkey', { rememberMe: false });
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await authenticator.credentialCount()).toBe(1);

  const calls = fidoCalls(page);
  await page.goto('/direct');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /^Hello, / })).toBeVisible();
  // The challenge named no user; the passkey said who (its userHandle), and the service agreed.
  expect(calls.map((c) => c.call)).toEqual(['FIDOAuthChallengeGenerator', 'FIDOAuthChallengeVerifier']);
  expect(calls[0]?.body).toEqual({
    documentDomain: new URL(page.url()).origin,
    fidoCredType: 'PASSKEY',
    deviceTag: true,
  });
  const response = calls[1]?.body.response as { userHandle?: string };
  expect(Buffer.from(response.userHandle ?? '', 'base64url').toString()).toBe('paula.passkey');
  expect(calls[1]?.body.fidoCredType).toBe('PASSKEY');
  // A passkey sign-in gets no passkey offer.
  await expect(page.getByRole('link', { name: 'Manage Credentials' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sign in faster next time with a passkey' })).toHaveCount(0);
});

test('the field asks for passkey suggestions; typing a User ID and submitting aborts the waiting request', async ({
  page,
  pageErrors: _,
}) => {
  // No authenticator: the conditional request waits, as while a person types.
  await watchConditionalRequests(page);
  const calls = fidoCalls(page);
  await page.goto('/direct');
  const field = page.getByLabel('User ID');
  await expect(field).toHaveAttribute('autocomplete', 'username webauthn');
  await expect.poll(() => conditionalOutcomes(page)).toEqual(['pending']);
  expect(calls.map((c) => c.call)).toEqual(['FIDOAuthChallengeGenerator']);
  // Submitting aborts the request; when the User ID is refused, a new one waits on the field.
  await field.fill('nobody');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('User not found')).toBeVisible();
  await expect.poll(() => conditionalOutcomes(page)).toEqual(['rejected AbortError', 'pending']);
  await field.fill('pat.password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await expect.poll(() => conditionalOutcomes(page)).toEqual(['rejected AbortError', 'rejected AbortError']);
  // The typed sign-in goes on as before.
  await page.getByLabel('Password', { exact: true }).fill('Passw0rd!');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  expect(calls.map((c) => c.call)).toEqual(['FIDOAuthChallengeGenerator', 'FIDOAuthChallengeGenerator']);
});

test('leaving the User ID page aborts the waiting request', async ({ page, pageErrors: _ }) => {
  await watchConditionalRequests(page);
  await page.goto('/direct');
  await expect.poll(() => conditionalOutcomes(page)).toEqual(['pending']);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Login Assistance' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect.poll(() => conditionalOutcomes(page)).toEqual(['rejected AbortError']);
});
