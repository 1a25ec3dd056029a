import { type EmulatorApi, expect, type Page, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';
import { addVirtualAuthenticator, type VirtualAuthenticator } from '../src/webauthn';

const FIDO_USERS = [
  { user: 'fiona.fido', path: '/fido', transport: 'internal', message: 'Validate your biometric' },
  { user: 'kim.securitykey', path: '/security-key', transport: 'usb', message: 'Validate your security key' },
  { user: 'paula.passkey', path: '/passkey', transport: 'internal', message: 'Validate your passkey' },
] as const;

/** First sign-in: the step registers the credential inline, then the user is signed in. */
async function registerInline(
  page: Page,
  emulator: EmulatorApi,
  user: string,
  path: string,
  authenticator: VirtualAuthenticator,
) {
  // Slow the registration verifier down so the registration screen stays long enough to be read.
  await emulator.post('faults', { call: 'factor/v1/FIDORegChallengeVerifier', delayMs: 1500 });
  await signInWithPassword(page, user, { rememberMe: false });
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { name: 'FIDO Device Registration' })).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
  expect(await authenticator.credentialCount()).toBe(1);
}

for (const { user, path, transport, message } of FIDO_USERS) {
  test(`${user}: registers inline on the first sign-in, then signs in with the ${transport} authenticator`, async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    const authenticator = await addVirtualAuthenticator(page, {
      transport,
      hasResidentKey: user !== 'kim.securitykey',
    });
    await registerInline(page, emulator, user, path, authenticator);

    // Slow the verifier down so the screen stays long enough to be read.
    await emulator.post('faults', { call: 'factor/v1/FIDOAuthChallengeVerifier', delayMs: 1500 });
    await signInWithPassword(page, user, { rememberMe: false });
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: 'FIDO Device Authentication' })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText('It may take a few moments for the pop-up to appear')).toBeVisible();
    await expect(page).toHaveURL(/\/welcome$/);
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name.startsWith('fid-'))).toBe(true);
  });
}

test('a prompt whose user verification fails offers Try again, which then succeeds', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await registerInline(page, emulator, 'fiona.fido', '/fido', authenticator);
  await authenticator.setUserVerified(false);
  await signInWithPassword(page, 'fiona.fido');
  await expect(
    page.getByText('The request was cancelled or timed out. Try again or choose another way to sign in.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/fido$/);
  await authenticator.setUserVerified(true);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});

async function signInAfterRegistration(page: Page, emulator: EmulatorApi, fault: object) {
  const authenticator = await addVirtualAuthenticator(page);
  await registerInline(page, emulator, 'fiona.fido', '/fido', authenticator);
  await emulator.post('faults', fault);
  await signInWithPassword(page, 'fiona.fido');
  await expect(page).toHaveURL(/\/fido$/);
}

test("a challenge for another type: 'Error in data from server'", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await signInAfterRegistration(page, emulator, {
    call: 'factor/v1/FIDOAuthChallengeGenerator',
    body: {
      nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE',
      flowState: 'x',
      data: { challenge: 'Y2hhbGxlbmdl' },
    },
  });
  await expect(page.getByText('Error in data from server')).toBeVisible();
});

test("an unreadable challenge: 'Error processing data from server'", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await signInAfterRegistration(page, emulator, {
    call: 'factor/v1/FIDOAuthChallengeGenerator',
    body: 'malformed',
  });
  await expect(page.getByText('Error processing data from server')).toBeVisible();
});

test("the verifier's refusal shows the service's message", async ({ page, emulator, pageErrors: _ }) => {
  await signInAfterRegistration(page, emulator, {
    call: 'factor/v1/FIDOAuthChallengeVerifier',
    status: 400,
    body: { errorCode: '8800050', errorMessage: 'FIDO verification failed: injected' },
  });
  await expect(page.getByText('FIDO verification failed: injected')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('the debug switch forces the transports of the allowed credentials', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await registerInline(page, emulator, 'fiona.fido', '/fido', authenticator);
  await page.evaluate(() => sessionStorage.setItem('fidoDebug', '{"transports":["internal","hybrid"]}'));
  const challenges: unknown[] = [];
  await page.exposeFunction('recordCredentialRequest', (options: unknown) => challenges.push(options));
  await page.addInitScript(() => {
    const original = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      const allow = options?.publicKey?.allowCredentials ?? [];
      (window as unknown as { recordCredentialRequest: (t: unknown) => void }).recordCredentialRequest(
        allow.map((credential) => credential.transports),
      );
      return original(options);
    };
  });
  await signInWithPassword(page, 'fiona.fido');
  await expect(page).toHaveURL(/\/welcome$/);
  expect(challenges).toEqual([[['internal', 'hybrid']]]);
});
