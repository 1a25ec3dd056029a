import { expect, type Page, test } from '../src/fixtures';
import { signInWithPassword } from '../src/signIn';
import { addVirtualAuthenticator } from '../src/webauthn';

/**
 * Passkeys kept in step (issue 27), in Chromium with a virtual authenticator: the automatic
 * upgrade after a password sign-in (conditional create), the WebAuthn Signal API after a sign-in
 * with a passkey the SSO no longer knows, and after a delete in self-service.
 *
 * Page-level instruments: each signal method is recorded; where the browser lacks it, a stub that
 * only records stands in, and where it has it (Chromium does), the browser's own runs after the
 * record. getClientCapabilities says conditionalCreate, and a conditional create is recorded, then
 * made without mediation (the virtual authenticator answers no conditional create: Chromium leaves
 * it waiting).
 */

interface Signal {
  name: string;
  options: Record<string, unknown>;
}

async function instrument(page: Page): Promise<{ signals: Signal[]; conditionalCreates: () => number }> {
  const signals: Signal[] = [];
  let conditional = 0;
  await page.exposeFunction('__recordSignal', (name: string, options: Record<string, unknown>) => {
    signals.push({ name, options });
  });
  await page.exposeFunction('__recordConditionalCreate', () => {
    conditional += 1;
  });
  await page.addInitScript(() => {
    const page = window as unknown as {
      __recordSignal(name: string, options: unknown): Promise<void>;
      __recordConditionalCreate(): Promise<void>;
    };
    const credential = PublicKeyCredential as unknown as Record<string, unknown>;
    for (const name of [
      'signalUnknownCredential',
      'signalAllAcceptedCredentials',
      'signalCurrentUserDetails',
    ]) {
      const own = credential[name];
      credential[name] = async (options: unknown) => {
        await page.__recordSignal(name, options);
        if (typeof own === 'function') await own.call(PublicKeyCredential, options);
      };
    }
    const capabilities = credential.getClientCapabilities;
    credential.getClientCapabilities = async () => ({
      ...(typeof capabilities === 'function' ? await capabilities.call(PublicKeyCredential) : {}),
      conditionalCreate: true,
    });
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = async (options?: CredentialCreationOptions) => {
      if ((options as { mediation?: string } | undefined)?.mediation !== 'conditional')
        return create(options);
      await page.__recordConditionalCreate();
      const { mediation: _, ...modal } = options as CredentialCreationOptions & { mediation?: string };
      return create(modal);
    };
  });
  return { signals, conditionalCreates: () => conditional };
}

/** The bodies of the page's FIDO registration challenge requests. */
function registrationChallenges(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/factor/v1/FIDORegChallengeGenerator'))
      bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}

const patsPasskeys = async (emulator: { get<T>(path: string): Promise<T> }) =>
  (await emulator.get<{ userName: string; credentials: { credId: string; credType: string }[] }[]>('users'))
    .find((user) => user.userName === 'pat.password')
    ?.credentials.filter((credential) => credential.credType === 'passkey')
    .map((credential) => credential.credId) ?? [];

test('a password sign-in saves a passkey by itself; after a delete the passkey manager gets the list without it', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const { signals, conditionalCreates } = await instrument(page);
  const challenges = registrationChallenges(page);
  const authenticator = await addVirtualAuthenticator(page, { conditionalMediation: true });

  // The automatic upgrade: no dialog, a quiet confirmation, and the passkey at the SSO.
  await signInWithPassword(page, 'pat.password', { rememberMe: false });
  await expect(
    page
      .getByRole('main')
      .getByText('A passkey was saved to your password manager. Next time, sign in with it.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sign in faster next time with a passkey' })).toHaveCount(0);
  expect(challenges).toEqual([
    expect.objectContaining({ fidoCredType: 'PASSKEY', mediation: 'conditional' }),
  ]);
  expect(conditionalCreates()).toBe(1);
  const [saved] = await patsPasskeys(emulator);
  expect(saved).toBeTruthy();
  expect(await authenticator.credentialCount()).toBe(1);

  // Self-service: the list, then after deleting the passkey the list without it.
  await page.getByRole('link', { name: 'Manage Credentials' }).click();
  const list = page.getByRole('list', { name: 'Your credentials' });
  await list.getByRole('button', { name: /^Delete Passkey/ }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(list.getByRole('heading', { name: 'Passkey', exact: true })).toHaveCount(0);
  // The welcome page's list (read before the upgrade: none yet), self-service's, and after the delete.
  const accepted = () =>
    signals
      .filter((s) => s.name === 'signalAllAcceptedCredentials')
      .map((s) => s.options.allAcceptedCredentialIds);
  await expect.poll(accepted).toEqual([[], [saved], []]);
  expect(signals.filter((s) => s.name === 'signalCurrentUserDetails').map((s) => s.options.name)).toEqual([
    'pat.password',
  ]);
  expect(await patsPasskeys(emulator)).toEqual([]);
});

test('a passkey the SSO does not know is signalled unknown when offered, and only then', async ({
  page,
  emulator,
  pageErrors: _,
}) => {
  const { signals } = await instrument(page);
  const authenticator = await addVirtualAuthenticator(page, { conditionalMediation: true });
  await signInWithPassword(page, 'pat.password', { rememberMe: false });
  await expect(page.getByRole('main').getByText(/^A passkey was saved to /)).toBeVisible();
  const [saved] = await patsPasskeys(emulator);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/signed-out$/);
  expect(signals.filter((s) => s.name === 'signalUnknownCredential')).toEqual([]);

  // The SSO forgets it (the emulator's fixtures again); the device still offers it in the field.
  await emulator.reset();
  await page.goto('/direct');
  await expect(page.getByText('This passkey is no longer registered. Sign in another way.')).toBeVisible();
  await expect
    .poll(() => signals.filter((s) => s.name === 'signalUnknownCredential').map((s) => s.options))
    .toContainEqual({ rpId: 'localhost', credentialId: saved });
  // Chromium's own signalUnknownCredential removes it from the (virtual) passkey manager.
  await expect.poll(() => authenticator.credentialCount()).toBe(0);
});
