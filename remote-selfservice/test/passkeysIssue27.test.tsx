import type { Credential } from '../src/api/schemas';
import { passkeySettingsAtom } from '@portal/shared/config';
import { passkeyOfferMadeAtom, portalStore, signInPasswordAtom } from '@portal/shared/session';
import { obfuscate } from '@portal/shared/storage';
import { fakeServer, type RecordedRequest } from '@portal/shared/test-support/fakeServer';
import { renderScreen } from '@portal/shared/test-support/render';
import { startRegistration } from '@simplewebauthn/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManageCredentials } from '../src/credentials/ManageCredentials';
import { declinePasskeyOffer } from '../src/welcome/passkeyOfferDeclines';
import { Welcome } from '../src/welcome/Welcome';
import { SERVICE, signedIn } from './session';

// Issue 27 on signed-in pages: the Signal API after reading the credential list (and after a
// delete), the display name, and the automatic passkey upgrade on the welcome page.

vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  startRegistration: vi.fn(),
}));

const OFFER = 'Sign in faster next time with a passkey';
const webauthn = { rpId: 'localhost', userId: 'c2FtLnNtcw', passkeyRegistration: true };
const cred = (credId: string, credType: string): Credential => ({
  credId,
  credType,
  credValue: credType,
  status: 'ACTIVE',
  default: false,
});
const creation = {
  challenge: 'abc',
  rp: { name: 'Hub' },
  user: { id: 'c2FtLnNtcw', name: 'sam.sms', displayName: 'Sam' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};

/** The browser's PublicKeyCredential: the signal methods record their calls; capabilities as given. */
function browser(options: { signals?: boolean; conditionalCreate?: boolean } = {}) {
  const calls: [string, unknown][] = [];
  const record = (name: string) => async (value: unknown) => void calls.push([name, value]);
  const statics: Record<string, unknown> = {};
  if (options.signals !== false) {
    statics.signalAllAcceptedCredentials = record('accepted');
    statics.signalCurrentUserDetails = record('details');
  }
  if (options.conditionalCreate !== undefined)
    statics.getClientCapabilities = async () => ({ conditionalCreate: options.conditionalCreate });
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, statics),
  );
  return calls;
}

/** MeCreds over a list it keeps (DELETE removes), with the SSO's WebAuthn identity. */
function credentialServer(initial: Credential[], account: object | null = webauthn) {
  let list = [...initial];
  const idOf = (request: RecordedRequest) => decodeURIComponent(request.path.split('/').pop() ?? '');
  return fakeServer({ base: SERVICE })
    .on('POST', 'oauth2/v1/userinfo', { text: JSON.stringify({ name: 'Sam SMS' }) })
    .on('GET', 'factor/v1/MeCreds', () => ({
      json: account ? { credentials: list, webauthn: account } : list,
    }))
    .on('DELETE', /factor\/v1\/MeCreds\/[^/]+$/, (request) => {
      list = list.filter((c) => c.credId !== idOf(request));
      return { json: {} };
    })
    .on('POST', 'factor/v1/FIDORegChallengeGenerator', {
      json: { nextaction: 'PASSKEY_REGISTER_VERIFY_CHALLENGE', data: creation },
    })
    .on('POST', 'factor/v1/FIDORegChallengeVerifier', { json: { data: { status: 'SUCCESS' } } });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

beforeEach(() => {
  vi.mocked(startRegistration).mockReset();
  portalStore.set(passkeySettingsAtom, {});
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the Signal API on self-service', () => {
  it('the list read, and after a delete the remaining list (FIDO types only, inactive ones too)', async () => {
    const calls = browser();
    signedIn('sam.sms');
    credentialServer([
      cred('s1', 'sms'),
      cred('pk-1', 'passkey'),
      { ...cred('sk-1', 'securitykey'), status: 'INACTIVE' },
    ]);
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual([
      'accepted',
      { rpId: 'localhost', userId: 'c2FtLnNtcw', allAcceptedCredentialIds: ['pk-1', 'sk-1'] },
    ]);
    const item = (await screen.findAllByRole('listitem')).find((li) => li.textContent?.includes('Passkey'));
    fireEvent.click(within(item as HTMLElement).getByRole('button', { name: /^Delete Passkey/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toEqual([
      'accepted',
      { rpId: 'localhost', userId: 'c2FtLnNtcw', allAcceptedCredentialIds: ['sk-1'] },
    ]);
  });

  it('nothing on a network error, without the SSO identity, or with the setting off', async () => {
    const calls = browser();
    signedIn('sam.sms');
    fakeServer({ base: SERVICE }).on('GET', 'factor/v1/MeCreds', { networkError: true });
    const first = renderScreen(<ManageCredentials />, { path: '/self-service' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    first.unmount();
    credentialServer([cred('pk-1', 'passkey')], null);
    const second = renderScreen(<ManageCredentials />, { path: '/self-service' });
    await screen.findAllByRole('listitem');
    second.unmount();
    portalStore.set(passkeySettingsAtom, { signals: false });
    credentialServer([cred('pk-1', 'passkey')]);
    renderScreen(<ManageCredentials />, { path: '/self-service' });
    await screen.findAllByRole('listitem');
    await settle();
    expect(calls).toEqual([]);
  });

  it('the welcome page signals the list it read for the offer, and the display name', async () => {
    const calls = browser();
    signedIn('sam.sms');
    portalStore.set(passkeyOfferMadeAtom, false);
    credentialServer([cred('fido-1', 'fido')]);
    renderScreen(<Welcome />, { path: '/welcome' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toContainEqual([
      'accepted',
      { rpId: 'localhost', userId: 'c2FtLnNtcw', allAcceptedCredentialIds: ['fido-1'] },
    ]);
    expect(calls).toContainEqual([
      'details',
      { rpId: 'localhost', userId: 'c2FtLnNtcw', name: 'sam.sms', displayName: 'Sam SMS' },
    ]);
  });
});

describe('the automatic passkey upgrade on the welcome page', () => {
  async function welcome(options: { password?: boolean } = {}) {
    signedIn('sam.sms');
    portalStore.set(passkeyOfferMadeAtom, false);
    portalStore.set(signInPasswordAtom, options.password ?? true);
    const view = renderScreen(<Welcome />, { path: '/welcome' });
    await screen.findByRole('heading', { name: 'Hello, Sam SMS' });
    return view;
  }

  it('with conditional create: registers through the SSO with mediation conditional, quietly confirms', async () => {
    browser({ conditionalCreate: true });
    vi.mocked(startRegistration).mockResolvedValue({
      id: 'new',
      rawId: 'new',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'AA' },
      clientExtensionResults: {},
    } as never);
    const server = credentialServer([cred('s1', 'sms')]);
    await welcome();
    expect(
      await screen.findByText('A passkey was saved to your password manager. Next time, sign in with it.'),
    ).toBeTruthy();
    const [asked] = server.requestsTo('POST', 'factor/v1/FIDORegChallengeGenerator');
    expect(asked?.body).toMatchObject({
      userName: 'sam.sms',
      fidoCredType: 'PASSKEY',
      mediation: 'conditional',
    });
    expect(vi.mocked(startRegistration).mock.calls[0]?.[0]).toMatchObject({
      optionsJSON: { challenge: 'abc' },
      useAutoRegister: true,
    });
    expect(server.requestsTo('POST', 'factor/v1/FIDORegChallengeVerifier')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: OFFER })).toBeNull();
    const tried = localStorage.getItem('passkeyUpgradeTried') ?? '{}';
    expect(JSON.parse(tried)).toHaveProperty(obfuscate('sam.sms'));
    expect(tried).not.toContain('sam');
  });

  it.each([
    ['no conditional create', { conditionalCreate: false }, {}, null],
    ['not a password sign-in', { conditionalCreate: true }, { password: false }, null],
    [
      'the SSO does not allow a passkey',
      { conditionalCreate: true },
      {},
      { ...webauthn, passkeyRegistration: false },
    ],
  ])('%s: nothing is asked; the offer shows', async (_case, capability, signIn, account) => {
    browser(capability);
    const server = credentialServer([cred('s1', 'sms')], account ?? webauthn);
    await welcome(signIn);
    expect(await screen.findByRole('region', { name: OFFER })).toBeTruthy();
    expect(server.requestsTo('POST', 'factor/v1/FIDORegChallengeGenerator')).toEqual([]);
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it("'Not now' is respected, and the upgrade is tried once per user and device", async () => {
    browser({ conditionalCreate: true });
    vi.mocked(startRegistration).mockRejectedValue(new DOMException('no password', 'NotAllowedError'));
    declinePasskeyOffer('sam.sms', Date.now());
    const server = credentialServer([cred('s1', 'sms')]);
    const declined = await welcome();
    await settle();
    expect(server.requestsTo('POST', 'factor/v1/FIDORegChallengeGenerator')).toEqual([]);
    declined.unmount();
    localStorage.removeItem('passkeyOfferDeclined');
    // Tried (the manager holds no password: the offer shows instead), then never again.
    const tried = await welcome();
    expect(await screen.findByRole('region', { name: OFFER })).toBeTruthy();
    expect(startRegistration).toHaveBeenCalledTimes(1);
    tried.unmount();
    await welcome();
    expect(await screen.findByRole('region', { name: OFFER })).toBeTruthy();
    expect(startRegistration).toHaveBeenCalledTimes(1);
  });
});

describe("the confirmation's passkey manager", () => {
  const authData = (aaguid: string, flags = 0x45) => {
    const bytes = new Uint8Array(60);
    bytes[32] = flags;
    bytes.set(
      (aaguid.replace(/-/g, '').match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16)),
      37,
    );
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  };

  it('names a known manager by its AAGUID, and none otherwise', async () => {
    const { passkeyProviderName } = await import('../src/welcome/passkeyProvider');
    expect(passkeyProviderName(authData('ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4'))).toBe(
      'Google Password Manager',
    );
    expect(passkeyProviderName(authData('ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4', 0x05))).toBeNull();
    expect(passkeyProviderName(authData('00000000-0000-0000-0000-000000000000'))).toBeNull();
    expect(passkeyProviderName('not base64!')).toBeNull();
    expect(passkeyProviderName(undefined)).toBeNull();
  });
});
