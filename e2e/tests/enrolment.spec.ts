import { type EmulatorApi, expect, type Page, test } from '../src/fixtures';
import { pendingPush } from '../src/pushes';
import { codeSent, codesSent } from '../src/outbox';
import { scanQrCode } from '../src/qrCode';
import { PASSWORD, signInWithPassword } from '../src/signIn';

// Enrolment during sign-in (issue 13 §1) and the language fields (§4), against the emulator:
// the users of sso-emulator/README.md who must enrol a factor at their first sign-in enrol it
// through the real screens, finish signing in, and sign in with the new credential next time.

const POLL_MS = 3000;
const PHONE_LABEL = 'Phone number with country code';
const SEND_CODE = 'Send Code';

/** Password step of a user whose ID is not remembered (so the next sign-in types it again). */
const passwordStep = (page: Page, userId: string) => signInWithPassword(page, userId, { rememberMe: false });

async function expectWelcome(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: `Hello, ${name}` })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signed-out$/);
}

/** The factor calls the page makes, by path, with the bodies the emulator received. */
function recordCalls(page: Page): (path: string) => Record<string, unknown>[] {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    // Through the portal server's proxy (the default service URL) or straight to the SSO's tenant.
    const match = /\/(?:common\/portal\/proxy|default)\/(factor\/v1\/\w+)$/.exec(request.url());
    if (match?.[1] && request.method() === 'POST') {
      calls.push({ path: match[1], body: (request.postDataJSON() ?? {}) as Record<string, unknown> });
    }
  });
  return (path) => calls.filter((call) => call.path === path).map((call) => call.body);
}

const digits = (page: Page) => page.getByLabel('Digit 1 of 6');

interface UserView {
  userName: string;
  credentials: { credType: string; credValue: string; status: string; default: boolean; pending: boolean }[];
}
async function credentialsOf(emulator: EmulatorApi, userName: string) {
  const users = await emulator.get<UserView[]>('users');
  return users.find((user) => user.userName === userName)?.credentials ?? [];
}

const otpCases = [
  {
    user: 'nora.newsms',
    name: 'Nora Newsms',
    path: '/sotp',
    title: 'SMS registration',
    label: PHONE_LABEL,
    bad: '+1 555 01',
    badMessage: 'Enter the phone number with its country code (at least 11 characters).',
    value: '+1 555 010 9999',
    credType: 'sms',
    channel: 'sms',
    notice: true,
  },
  {
    user: 'ed.newemail',
    name: 'Ed Newemail',
    path: '/eotp',
    title: 'Email registration',
    label: 'Email address',
    bad: 'ed.newemail@example',
    badMessage: 'Enter a valid e-mail address.',
    value: 'ed.personal@example.org',
    credType: 'email',
    channel: 'email',
    notice: true,
  },
  {
    user: 'vic.newvoice',
    name: 'Vic Newvoice',
    path: '/votp',
    title: 'Voice call registration',
    label: PHONE_LABEL,
    bad: 'call me maybe',
    badMessage: 'Enter the phone number with its country code (at least 11 characters).',
    value: '+44 20 7946 0999',
    credType: 'ivr',
    channel: 'voice',
    notice: false,
  },
] as const;

for (const c of otpCases) {
  test(`${c.credType} enrolment: ${c.user} registers, proves it with a code, signs in, and uses it next time`, async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    const calls = recordCalls(page);
    await passwordStep(page, c.user);
    await expect(page).toHaveURL(new RegExp(`${c.path}$`));
    await expect(page.getByRole('heading', { name: c.title, level: 1 })).toBeVisible();
    const field = page.getByLabel(c.label);
    await expect(field).toBeFocused();
    await expect(page.getByText('Message and data rates may apply. Message frequency varies.')).toHaveCount(
      c.notice ? 1 : 0,
    );

    // Bad input: a clear message, the value kept, nothing sent.
    await field.fill(c.bad);
    await page.getByRole('button', { name: SEND_CODE }).click();
    await expect(page.getByText(c.badMessage)).toBeVisible();
    await expect(field).toHaveValue(c.bad);
    await expect(field).toBeFocused();
    expect(calls('factor/v1/OTPRegistrar')).toEqual([]);

    await field.fill(c.value);
    await page.getByRole('button', { name: SEND_CODE }).click();
    await expect(page.getByText(`Enter security code sent to ${c.value}`)).toBeVisible();
    expect(calls('factor/v1/OTPRegistrar')).toEqual([
      { credType: c.credType, credValue: c.value, language: 'en_US', default: true, deviceTag: true },
    ]);
    const [sent] = await codesSent(emulator, c.user, 1);
    expect(sent).toMatchObject({ channel: c.channel, to: c.value });

    // A wrong code is refused; the right one finishes the sign-in.
    await digits(page).pressSequentially(sent?.code === '000000' ? '111111' : '000000');
    await expect(page.getByText('Invalid or expired security code')).toBeVisible();
    await digits(page).pressSequentially(sent?.code ?? '');
    await expectWelcome(page, c.name);
    expect(await credentialsOf(emulator, c.user)).toMatchObject([
      { credType: c.credType, credValue: c.value, status: 'ACTIVE', default: true, pending: false },
    ]);

    // Next time: the usual code to the new credential, no registration.
    await signOut(page);
    await passwordStep(page, c.user);
    await expect(page).toHaveURL(new RegExp(`${c.path}$`));
    await expect(page.getByText(`Enter security code sent to ${c.value}`)).toBeVisible();
    await expect(page.getByLabel(c.label)).toHaveCount(0);
    await digits(page).pressSequentially(await codeSent(emulator, c.user, 2));
    await expectWelcome(page, c.name);
    expect(calls('factor/v1/OTPRegistrar')).toHaveLength(1);
  });
}

test('a registration the service refuses shows its message, keeps the number, and can be sent again', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await emulator.post('faults', {
    call: 'factor/v1/OTPRegistrar',
    status: 400,
    body: { errorCode: '8800099', errorMessage: 'This number cannot receive text messages' },
  });
  await passwordStep(page, 'nora.newsms');
  await page.getByLabel(PHONE_LABEL).fill('+15550109999');
  await page.getByRole('button', { name: SEND_CODE }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This number cannot receive text messages' }),
  ).toBeVisible();
  await expect(page.getByLabel(PHONE_LABEL)).toHaveValue('+15550109999');
  await page.getByRole('button', { name: SEND_CODE }).click();
  await expect(page.getByText('Enter security code sent to +15550109999')).toBeVisible();
});

test('a wrong number can be corrected after the code was sent; only the corrected one is registered', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await passwordStep(page, 'nora.newsms');
  await page.getByLabel(PHONE_LABEL).fill('+15550100000');
  await page.getByRole('button', { name: SEND_CODE }).click();
  await page.getByRole('button', { name: 'Change phone number' }).click();
  await expect(page.getByLabel(PHONE_LABEL)).toHaveValue('+15550100000');
  await page.getByLabel(PHONE_LABEL).fill('+15550100111');
  await page.getByRole('button', { name: SEND_CODE }).click();
  await expect(page.getByText('Enter security code sent to +15550100111')).toBeVisible();
  await digits(page).pressSequentially(await codeSent(emulator, 'nora.newsms', 2));
  await expectWelcome(page, 'Nora Newsms');
  expect(await credentialsOf(emulator, 'nora.newsms')).toMatchObject([
    { credValue: '+15550100111', status: 'ACTIVE' },
  ]);
});

test('mobile authenticator enrolment: scan the QR code, enter its code, sign in; next time its code', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const calls = recordCalls(page);
  await passwordStep(page, 'mia.newtotp');
  await expect(page).toHaveURL(/\/motp$/);
  await expect(page.getByRole('heading', { name: 'Mobile OTP registration', level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      'Scan the QR code with your mobile authenticator & enter security code to register mia.newtotp',
    ),
  ).toBeVisible();
  expect(calls('factor/v1/MobileOTPRegistrar')).toEqual([{ credType: 'totp', credValue: 'mia.newtotp' }]);

  const totp = await scanQrCode(page);
  const config = (await (await page.request.get('/v1/config/portal')).json()) as {
    tenantDisplayNames: { default: string };
  };
  expect(totp.issuer).toBe(config.tenantDisplayNames.default);
  expect(totp.label).toBe('mia.newtotp');
  // The setup key for those who cannot scan is the same secret.
  const shown = await page.locator('code').textContent();
  expect(shown?.replace(/\s/g, '')).toBe(totp.secret.base32);

  await digits(page).pressSequentially(totp.generate({ timestamp: Date.now() - 10 * 60_000 }));
  await expect(page.getByText('Invalid or expired security code')).toBeVisible();
  await digits(page).pressSequentially(totp.generate());
  await expectWelcome(page, 'Mia Newtotp');
  expect(calls('factor/v1/MobileOTPVerifier')).toHaveLength(2);
  expect(calls('factor/v1/MobileOTPVerifier')[1]).toMatchObject({
    credValue: 'mia.newtotp',
    deviceTag: true,
  });

  await signOut(page);
  // A TOTP code works once: the next sign-in is in the authenticator's next time step.
  await emulator.post('clock', { offsetMs: 30_000 });
  await passwordStep(page, 'mia.newtotp');
  await expect(page).toHaveURL(/\/motp$/);
  await expect(page.getByRole('heading', { name: 'Mobile Authenticator', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your mobile authenticator' })).toHaveCount(0);
  await digits(page).pressSequentially(totp.generate({ timestamp: Date.now() + 30_000 }));
  await expectWelcome(page, 'Mia Newtotp');
  expect(calls('factor/v1/MobileOTPRegistrar')).toHaveLength(1);
});

test('push enrolment: register the app, a rejected registration can be tried again, approve it on the developer page; next time a sign-in push', async ({
  page,
  emulator,
  stack,
  pageErrors: _,
}) => {
  const calls = recordCalls(page);
  await page.clock.install();
  await passwordStep(page, 'paul.newpush');
  await expect(page).toHaveURL(/\/push$/);
  await expect(page.getByRole('heading', { name: 'Push registration', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Credential ID')).toBeFocused();

  // Both fields are needed.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('A credential ID is required.')).toBeVisible();
  expect(calls('factor/v1/VIPCredentialRegistrar')).toEqual([]);

  await page.getByLabel('Credential ID').fill('vsmt 2000 0001');
  await page.getByLabel('Credential name').fill('Paul phone');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByRole('status').getByText('Approve the registration request on your Paul phone to continue.'),
  ).toBeVisible();
  // The form is gone while it waits: focus is on the screen's heading, not left on <body>.
  await expect(page.getByRole('heading', { name: 'Push registration', level: 1 })).toBeFocused();
  expect(calls('factor/v1/VIPCredentialRegistrar')).toEqual([
    {
      vipCredentialID: 'VSMT20000001',
      credType: 'totp_push',
      credValue: 'Paul phone',
      language: 'en_US',
      deviceTag: true,
    },
  ]);

  // Rejected on the phone: the spec's message and a way on, with the form as it was.
  const first = await pendingPush(emulator, 'paul.newpush', 'registration');
  await emulator.post(`pushes/${first.id}/reject`);
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText('Unable to complete registration at this time.')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel('Credential ID')).toHaveValue('vsmt 2000 0001');
  await expect(page.getByLabel('Credential name')).toHaveValue('Paul phone');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText('Approve the registration request on your Paul phone to continue.'),
  ).toBeVisible();

  // Approved on the developer page, as a tester would.
  await pendingPush(emulator, 'paul.newpush', 'registration');
  const devPage = await page.context().newPage();
  await devPage.goto(`${stack.emulatorUrl}/_emulator/`);
  const row = devPage.getByRole('row').filter({ hasText: 'Registration' }).filter({ hasText: 'PENDING' });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(
    devPage.getByRole('row').filter({ hasText: 'Registration' }).filter({ hasText: 'AUTHENTICATED' }),
  ).toHaveCount(1);
  await devPage.close();

  await page.clock.runFor(POLL_MS);
  await expectWelcome(page, 'Paul Newpush');
  expect(await credentialsOf(emulator, 'paul.newpush')).toMatchObject([
    { credType: 'totp_push', credValue: 'Paul phone', status: 'ACTIVE', default: true, pending: false },
  ]);

  await signOut(page);
  await passwordStep(page, 'paul.newpush');
  await expect(page.getByText('Accept push request on your Paul phone to login.')).toBeVisible();
  const login = await pendingPush(emulator, 'paul.newpush', 'login');
  await emulator.post(`pushes/${login.id}/approve`);
  await page.clock.runFor(POLL_MS);
  await expectWelcome(page, 'Paul Newpush');
  expect(calls('factor/v1/VIPCredentialRegistrar')).toHaveLength(2);
});

test("a registration push that times out: 'Unable to complete registration at this time. '", async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  await page.clock.install();
  await passwordStep(page, 'paul.newpush');
  await page.getByLabel('Credential ID').fill('VSMT20000002');
  await page.getByLabel('Credential name').fill('Tablet');
  await page.getByRole('button', { name: 'Register' }).click();
  await pendingPush(emulator, 'paul.newpush', 'registration');
  await emulator.post('clock', { offsetMs: 61_000 });
  await page.clock.runFor(POLL_MS);
  await expect(page.getByText('Unable to complete registration at this time.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test.describe('in a French-Canadian browser', () => {
  test.use({ locale: 'fr-CA' });

  /** The same steps as passwordStep, in the words a French-Canadian page shows (its Accept-Language). */
  async function passwordStepFr(page: Page, userId: string): Promise<void> {
    await page.goto('/direct');
    await page.getByLabel('ID utilisateur').fill(userId);
    await page.getByLabel('Se souvenir de moi').uncheck();
    await page.getByRole('button', { name: 'Soumettre' }).click();
    await expect(page.getByRole('heading', { name: 'Saisissez votre mot de passe' })).toBeVisible();
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Soumettre' }).click();
  }

  test('the page speaks French and the language fields carry fr_CA: OTPRegistrar, VIPCredentialRegistrar, PushGenerator', async ({
    page,
    emulator,
    pageErrors: _,
  }) => {
    const calls = recordCalls(page);
    await passwordStepFr(page, 'nora.newsms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await page.getByLabel('Numéro de téléphone avec indicatif du pays').fill('+15149990000');
    await page.getByRole('button', { name: 'Envoyer le code' }).click();
    await expect(page.getByText('Saisissez le code de sécurité envoyé à +15149990000')).toBeVisible();
    expect(calls('factor/v1/OTPRegistrar')[0]).toMatchObject({ language: 'fr_CA' });

    await page.clock.install();
    await passwordStepFr(page, 'paul.newpush');
    await page.getByLabel('ID de l’identifiant').fill('VSMT20000003');
    await page.getByLabel('Nom de l’identifiant').fill('Téléphone');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await emulator.post(`pushes/${(await pendingPush(emulator, 'paul.newpush', 'registration')).id}/approve`);
    await page.clock.runFor(POLL_MS);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { name: 'Bonjour Paul Newpush' })).toBeVisible();
    expect(calls('factor/v1/VIPCredentialRegistrar')[0]).toMatchObject({ language: 'fr_CA' });

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/signed-out$/);
    await passwordStepFr(page, 'paul.newpush');
    await expect(
      page.getByText('Acceptez la demande push sur votre appareil Téléphone pour vous connecter.'),
    ).toBeVisible();
    expect(calls('factor/v1/PushGenerator')).toEqual([
      { credId: 'VSMT20000003', action: 'login', language: 'fr_CA', deviceTag: true },
    ]);
  });
});
