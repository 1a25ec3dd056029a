import { type EmulatorApi, expect, type Page, test } from '../src/fixtures';
import { signInToWelcome, signInWithPassword } from '../src/signIn';
import { addVirtualAuthenticator } from '../src/webauthn';
import { recordServerReplies } from '../src/serverReplies';

// The FIDO challenge reply (spec section 4, 'FIDO login'): the nextaction is checked against the
// credential type first; the public-key options are read in `data`, in `publicKey` or at the top
// level of the reply. The emulator answers each way (dev API fido/placement).

const PLACEMENTS = ['data', 'publicKey', 'top'] as const;
const IN_DATA = 'Error in data from server';
const PROCESSING = 'Error processing data from server';

/** A challenge the browser could use, for a reply that must be refused all the same. */
const VALID_OPTIONS = {
  challenge: 'Y2hhbGxlbmdlLWZvci1hbm90aGVyLXR5cGU',
  rpId: 'localhost',
  timeout: 60000,
  userVerification: 'required',
  allowCredentials: [],
};

for (const placement of PLACEMENTS) {
  test(`options in ${placement}: a biometric registers inline and then signs the user in`, async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    await emulator.post('fido/placement', { placement });
    const authenticator = await addVirtualAuthenticator(page);
    // The sign-in steps' challenges as the server sent them (read by the test's own fetch), not
    // the welcome page's automatic passkey upgrade (issue 27: a conditional create).
    const replies = (await recordServerReplies(
      page,
      /FIDO(Auth|Reg)ChallengeGenerator$/,
      (request) => request.method() === 'POST' && !(request.postData() ?? '').includes('"conditional"'),
    )) as Record<string, unknown>[];

    // First sign-in: the step registers the credential (creation options where the knob says).
    await signInWithPassword(page, 'fiona.fido', { rememberMe: false });
    await expect(page).toHaveURL(/\/welcome$/);
    expect(await authenticator.credentialCount()).toBe(1);
    // Second sign-in: the biometric signs in (request options where the knob says).
    await signInWithPassword(page, 'fiona.fido', { rememberMe: false });
    await expect(page).toHaveURL(/\/welcome$/);

    // The server really answered with the options in that place only.
    expect(replies).toHaveLength(2);
    for (const reply of replies) {
      const carrier = placement === 'top' ? reply : (reply[placement] as Record<string, unknown>);
      expect(typeof carrier?.challenge).toBe('string');
      for (const other of PLACEMENTS.filter((p) => p !== placement && p !== 'top')) {
        expect(reply[other]).toBeUndefined();
      }
    }
  });
}

/** fiona.fido with a registered biometric, on /fido, with the next challenge reply replaced. */
async function challengeReplied(page: Page, emulator: EmulatorApi, body: object): Promise<void> {
  await addVirtualAuthenticator(page);
  await signInWithPassword(page, 'fiona.fido', { rememberMe: false });
  await expect(page).toHaveURL(/\/welcome$/);
  await emulator.post('faults', { call: 'factor/v1/FIDOAuthChallengeGenerator', body });
  await signInWithPassword(page, 'fiona.fido', { rememberMe: false });
  await expect(page).toHaveURL(/\/fido$/);
}

test("a challenge for another type is 'Error in data from server' even with valid options beside an unreadable data", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await challengeReplied(page, emulator, {
    nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE',
    data: 'see publicKey',
    publicKey: VALID_OPTIONS,
  });
  await expect(page.getByRole('alert').filter({ hasText: IN_DATA })).toBeVisible();
  await expect(page.getByText(PROCESSING)).toHaveCount(0);
  // A way on: try again (the next challenge is the real one) signs the user in.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});

test("a challenge for another type without any options is 'Error in data from server', not 'Error processing…'", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await challengeReplied(page, emulator, { nextaction: 'SECURITYKEY_AUTH_VERIFY_CHALLENGE', flowState: 'x' });
  await expect(page.getByRole('alert').filter({ hasText: IN_DATA })).toBeVisible();
});

test("the right challenge with options nowhere readable is 'Error processing data from server'", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await challengeReplied(page, emulator, {
    nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE',
    flowState: 'x',
    data: { challenge: '' },
    publicKey: 'none',
  });
  await expect(page.getByRole('alert').filter({ hasText: PROCESSING })).toBeVisible();
});

/** Signed in as pat.password, the passkey registration form filled in, its challenge replaced. */
async function registerPasskeyWith(page: Page, emulator: EmulatorApi, body: object): Promise<void> {
  await addVirtualAuthenticator(page);
  await signInToWelcome(page, 'pat.password');
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  await page.getByRole('button', { name: 'Register a new credential' }).click();
  await page.getByRole('radio', { name: 'Passkey', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Passkey name').fill('My passkey');
  await emulator.post('faults', { call: 'factor/v1/FIDORegChallengeGenerator', body });
  await page.getByRole('button', { name: 'Next' }).click();
}

test("self-service: creation options nowhere readable is 'Error processing data from server', as in sign-in", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await registerPasskeyWith(page, emulator, { nextaction: 'PASSKEY_REGISTER_VERIFY_CHALLENGE', data: {} });
  await expect(page.getByRole('alert').filter({ hasText: PROCESSING })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("self-service: a registration challenge for another type is 'Error in data from server'", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await registerPasskeyWith(page, emulator, {
    nextaction: 'SECURITYKEY_REGISTER_VERIFY_CHALLENGE',
    publicKey: {
      challenge: 'Y2hhbGxlbmdl',
      rp: { name: 'Bank', id: 'localhost' },
      user: { id: 'dXNlcg', name: 'pat.password', displayName: 'Pat' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    },
  });
  await expect(page.getByRole('alert').filter({ hasText: IN_DATA })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('self-service: a passkey registers with the options at the top level of the reply', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('fido/placement', { placement: 'top' });
  const authenticator = await addVirtualAuthenticator(page);
  await signInToWelcome(page, 'pat.password');
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  await page.getByRole('button', { name: 'Register a new credential' }).click();
  await page.getByRole('radio', { name: 'Passkey', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Passkey name').fill('My passkey');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new credential was added.' })).toBeVisible();
  expect(await authenticator.credentialCount()).toBe(1);
});
