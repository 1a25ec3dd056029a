import { expect, type Page, test } from '../src/fixtures';
import { scanQrCode } from '../src/qrCode';
import { signInToWelcome } from '../src/signIn';
import { addVirtualAuthenticator } from '../src/webauthn';

const PASSWORD = 'Passw0rd!';

interface PortalConfig {
  vendorAccessName: string;
  tenantDisplayNames: { default: string; common: string };
}

/** The portal configuration the server hands the page (names that are configuration, not code). */
async function portalConfig(page: Page): Promise<PortalConfig> {
  return (await (await page.request.get('/v1/config/portal')).json()) as PortalConfig;
}

/** Signed in as pat.password, on step 1 of /register. */
async function openRegistration(page: Page): Promise<void> {
  await signInToWelcome(page, 'pat.password');
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  await page.getByRole('button', { name: 'Register a new credential' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('group', { name: 'Choose a credential type' })).toBeVisible();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

async function chooseType(page: Page, label: string): Promise<void> {
  await page.getByRole('radio', { name: label, exact: true }).check();
  await next(page).click();
}

async function expectNewCredential(page: Page, typeName: string): Promise<void> {
  await expect(page).toHaveURL(/\/self-service$/);
  await expect(page.getByRole('status').filter({ hasText: 'A new credential was added.' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Your credentials' })
      .getByRole('heading', { name: typeName, exact: true }),
  ).toBeVisible();
}

test('TOTP: the QR code carries the otpauth link; its code registers the app', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await openRegistration(page);
  await chooseType(page, 'Code from Mobile Authenticator');
  await page.getByLabel('Authenticator name').fill('My phone');
  await next(page).click();
  await expect(page).toHaveURL(/\/register\/totp$/);
  await expect(
    page.getByText(
      'Scan the QR code with your mobile authenticator & enter security code to register My phone',
    ),
  ).toBeVisible();

  const totp = await scanQrCode(page);
  // Tenant 'default' shows the configured display name as the issuer.
  expect(totp.issuer).toBe((await portalConfig(page)).tenantDisplayNames.default);
  expect(totp.label).toBe('pat.password');
  const users =
    await emulator.get<{ userName: string; credentials: { credType: string; pending?: boolean }[] }[]>(
      'users',
    );
  expect(
    users.find((user) => user.userName === 'pat.password')?.credentials.map((c) => c.credType),
  ).toContain('totp');

  await page.getByLabel('Digit 1 of 6').pressSequentially(totp.generate());
  await expectNewCredential(page, 'Mobile OTP');
});

test('TOTP: a wrong code shows the service message and keeps the screen', async ({
  page,
  emulator: _emulator,
  pageErrors: _,
}) => {
  await openRegistration(page);
  await chooseType(page, 'Code from Mobile Authenticator');
  await page.getByLabel('Authenticator name').fill('My phone');
  await next(page).click();
  await page.getByLabel('Digit 1 of 6').pressSequentially('000000');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid or expired security code' })).toBeVisible();
  await expect(page).toHaveURL(/\/register\/totp$/);
});

const fidoCases = [
  {
    label: 'Biometric',
    path: 'fido',
    transport: 'internal',
    prompt: 'Validate your biometric',
    typeName: 'Biometric',
  },
  {
    label: 'Security key',
    path: 'securitykey',
    transport: 'usb',
    prompt: 'Validate your security key',
    typeName: 'Security key',
  },
  {
    label: 'Passkey',
    path: 'passkey',
    transport: 'internal',
    prompt: 'Validate your passkey',
    typeName: 'Passkey',
  },
] as const;

for (const fido of fidoCases) {
  test(`FIDO ${fido.label}: registers with the virtual authenticator`, async ({
    page,
    emulator: _emulator,
    pageErrors: _,
  }) => {
    const authenticator = await addVirtualAuthenticator(page, { transport: fido.transport });
    await openRegistration(page);
    await chooseType(page, fido.label);
    await page.getByRole('textbox').fill(`My ${fido.label}`);
    await expect(next(page)).toBeEnabled();
    await next(page).click();
    await expectNewCredential(page, fido.typeName);
    expect(await authenticator.credentialCount()).toBe(1);
  });
}

test('FIDO: the same authenticator again is "already registered"', async ({
  page,
  emulator: _emulator,
  pageErrors: _,
}) => {
  await addVirtualAuthenticator(page, { transport: 'internal' });
  // Tokens live in memory only, so both registrations happen in one visit.
  await openRegistration(page);
  await chooseType(page, 'Biometric');
  await page.getByLabel('Device name').fill('Laptop');
  await next(page).click();
  await expectNewCredential(page, 'Biometric');
  await page.getByRole('button', { name: 'Register a new credential' }).click();
  await chooseType(page, 'Biometric');
  await page.getByLabel('Device name').fill('Laptop again');
  await next(page).click();
  await expect(page).toHaveURL(/\/register\/fido$/);
  await expect(page.getByRole('heading', { name: 'FIDO Device Registration' })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This authenticator is already registered' }),
  ).toBeVisible();
});

test('vendor push (totp_push): registers the credential ID', async ({ page, emulator, pageErrors: _ }) => {
  await openRegistration(page);
  await chooseType(page, (await portalConfig(page)).vendorAccessName);
  await page.getByLabel('Credential name').fill('Work phone');
  await page.getByLabel('Credential ID').fill('VSMT12345678');
  await next(page).click();
  await expectNewCredential(page, 'Vendor push and OTP credential');
  const users =
    await emulator.get<{ userName: string; credentials: { credId: string; credType: string }[] }[]>('users');
  expect(users.find((user) => user.userName === 'pat.password')?.credentials).toContainEqual(
    expect.objectContaining({ credId: 'VSMT12345678', credType: 'totp_push' }),
  );
});

test("vendor push: a failing registrar says 'Unable to complete registration at this time.'", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('faults', { call: 'factor/v1/VIPCredentialRegistrar', status: 500 });
  await openRegistration(page);
  await chooseType(page, (await portalConfig(page)).vendorAccessName);
  await page.getByLabel('Credential name').fill('Work phone');
  await page.getByLabel('Credential ID').fill('VSMT12345678');
  await next(page).click();
  await expect(page).toHaveURL(/\/register\/totp_push$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Unable to complete registration at this time.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expectNewCredential(page, 'Vendor push and OTP credential');
});

test('registration form: sms and e-mail are shown but disabled, with the legal notice', async ({
  page,
  emulator: _emulator,
  pageErrors: _,
}) => {
  await openRegistration(page);
  await expect(page.getByRole('radio', { name: 'SMS' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Email' })).toBeDisabled();
  await expect(page.getByText('Message and data rates may apply. Message frequency varies.')).toHaveCount(2);
  await expect(next(page)).toBeDisabled();
});

test('registration form: each validation message, Next disabled while invalid', async ({
  page,
  emulator: _emulator,
  pageErrors: _,
}) => {
  await openRegistration(page);
  await chooseType(page, (await portalConfig(page)).vendorAccessName);
  const name = page.getByLabel('Credential name');
  const id = page.getByLabel('Credential ID');
  await expect(next(page)).toBeDisabled();
  await name.fill('x');
  await name.fill('');
  await expect(page.getByText('A value is required.')).toBeVisible();
  await id.focus();
  await id.blur();
  await expect(page.getByText('A credential ID is required.')).toBeVisible();
  await name.fill('Work phone');
  await expect(page.getByText('A value is required.')).toBeHidden();
  await expect(next(page)).toBeDisabled();
  await id.fill('VSMT1');
  await expect(page.getByText('A credential ID is required.')).toBeHidden();
  await expect(next(page)).toBeEnabled();
});

test('Back: step 2 to step 1, step 1 to self-service, and after an error to self-service', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const back = page.getByRole('button', { name: 'Back' });
  await openRegistration(page);
  await chooseType(page, 'Passkey');
  await expect(page.getByLabel('Passkey name')).toBeVisible();
  await back.click();
  await expect(page.getByRole('group', { name: 'Choose a credential type' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Passkey', exact: true })).toBeChecked();
  await back.click();
  await expect(page).toHaveURL(/\/self-service$/);

  await emulator.post('faults', { call: 'factor/v1/MobileOTPRegistrar', status: 400 });
  await page.getByRole('button', { name: 'Register a new credential' }).click();
  await chooseType(page, 'Code from Mobile Authenticator');
  await page.getByLabel('Authenticator name').fill('My phone');
  await next(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Injected fault' })).toBeVisible();
  await back.click();
  await expect(page).toHaveURL(/\/self-service$/);
});

const FIDO_SIGN_IN_USERS = [
  { user: 'fiona.fido', label: 'Biometric', path: '/fido', transport: 'internal' },
  { user: 'kim.securitykey', label: 'Security key', path: '/security-key', transport: 'usb' },
  { user: 'paula.passkey', label: 'Passkey', path: '/passkey', transport: 'internal' },
] as const;

/** Password step for a user whose next step is FIDO (Remember Me off, so nothing auto-submits later). */
async function passwordThenFido(page: Page, userId: string): Promise<void> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill(userId);
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

for (const fido of FIDO_SIGN_IN_USERS) {
  test(`FIDO ${fido.label}: a credential registered in self-service signs the user in`, async ({
    page,
    emulator: _emulator,
    pageErrors: _,
  }) => {
    const hasResidentKey = fido.transport !== 'usb';
    // The first sign-in registers a credential inline on an authenticator that is then taken away.
    const first = await addVirtualAuthenticator(page, { transport: fido.transport, hasResidentKey });
    await passwordThenFido(page, fido.user);
    await expect(page).toHaveURL(/\/welcome$/);
    await first.remove();

    const second = await addVirtualAuthenticator(page, { transport: fido.transport, hasResidentKey });
    await page.getByRole('link', { name: 'Manage Credentials' }).click();
    await page.getByRole('button', { name: 'Register a new credential' }).click();
    await chooseType(page, fido.label);
    await page.getByRole('textbox').fill('Second device');
    await next(page).click();
    await expect(page).toHaveURL(/\/self-service$/);
    await expect(page.getByRole('status').filter({ hasText: 'A new credential was added.' })).toBeVisible();
    expect(await second.credentialCount()).toBe(1);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/signed-out$/);
    await passwordThenFido(page, fido.user);
    await expect(page).toHaveURL(new RegExp(`${fido.path}$`));
    await expect(page).toHaveURL(/\/welcome$/);
  });
}
