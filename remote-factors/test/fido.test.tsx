import type { AuthReply } from '@portal/shared/transport';
import type { FidoChallengeReply } from '../src/api/schemas';
import { fidoSignInForPath, isRegisterMode } from '../src/fido/fidoSignIn';
import { paths } from '../src/paths';
import { signInFidoTypeAtom, portalStore } from '@portal/shared/session';
import { fidoIdCookieName, removeCookie } from '@portal/shared/storage';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ceremonyFailure } from '../src/fido/ceremonyError';
import { creationOptionsFrom, requestOptionsFrom } from '../src/fido/ceremonyOptions';
import {
  ATTACHMENT_TRANSPORTS,
  FIDO_DEBUG_KEY,
  fidoDebugSwitch,
  forcedTransports,
} from '../src/fido/debugSwitch';
import { FidoScreen } from '../src/fido/FidoScreen';
import { isSafariWithoutChrome, needsManualStart } from '../src/fido/manualMode';
import { factorSession, renderAt, stubServer } from './harness';

const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  cancelCeremony: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: webauthn.startAuthentication,
  startRegistration: webauthn.startRegistration,
  WebAuthnAbortService: { cancelCeremony: webauthn.cancelCeremony },
}));

const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const requestData = {
  challenge: 'Y2hhbGxlbmdl',
  allowCredentials: [{ id: 'Y3JlZA', type: 'public-key', transports: ['internal'] }],
  rpId: 'localhost',
  timeout: 60000,
  userVerification: 'required',
};
const creationData = {
  challenge: 'Y2g',
  rp: { name: 'Portal', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'paula.passkey', displayName: 'Paula' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const challengeReply = (type = 'FIDO', data: object = requestData) => ({
  nextaction: `${type}_AUTH_VERIFY_CHALLENGE`,
  flowState: 'flow-2',
  data,
});
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const opening: AuthReply = {
  nextaction: 'FIDO_AUTH_GENERATE_CHALLENGE',
  flowState: 'flow-1',
  userName: 'fiona.fido',
  currentFactors: ['FIDO'],
};
const location = () => screen.getByTestId('location').textContent;

function show(path: string = paths.fido, reply: AuthReply = opening, state?: unknown) {
  factorSession(reply, { userName: 'fiona.fido' });
  return renderAt(<FidoScreen />, path, state);
}

describe('FIDO helpers', () => {
  it('maps each route to its type, message and icon', () => {
    expect(fidoSignInForPath('/fido')).toMatchObject({
      credType: 'FIDO',
      validateMessage: 'Validate your biometric',
    });
    expect(fidoSignInForPath('/security-key')).toMatchObject({
      credType: 'SECURITYKEY',
      validateMessage: 'Validate your security key',
      icon: 'securityKey',
    });
    expect(fidoSignInForPath('/passkey')).toMatchObject({
      credType: 'PASSKEY',
      validateMessage: 'Validate your passkey',
    });
    expect(fidoSignInForPath('/passkey/').credType).toBe('PASSKEY');
    expect(fidoSignInForPath('/elsewhere').credType).toBe('FIDO');
    expect(isRegisterMode(undefined, 'SECURITYKEY_REGISTER_GENERATE_CHALLENGE')).toBe(true);
    expect(isRegisterMode('register', null)).toBe(true);
    expect(isRegisterMode(undefined, 'FIDO_AUTH_GENERATE_CHALLENGE')).toBe(false);
    expect(isRegisterMode(undefined, undefined)).toBe(false);
  });

  it('knows the transports each authenticator attachment stands for', () => {
    expect(ATTACHMENT_TRANSPORTS.platform).toEqual(['internal']);
    expect(ATTACHMENT_TRANSPORTS['cross-platform']).toEqual(['usb', 'nfc', 'ble', 'hybrid']);
  });

  it('needs a user gesture only on Safari that is not Chrome, unless remember-device is on', () => {
    expect(isSafariWithoutChrome(SAFARI)).toBe(true);
    expect(isSafariWithoutChrome(CHROME)).toBe(false);
    expect(needsManualStart(SAFARI, false)).toBe(true);
    expect(needsManualStart(SAFARI, true)).toBe(false);
    expect(needsManualStart(CHROME, false)).toBe(false);
  });

  it('reads the debug switch through its schema and forces transports', () => {
    sessionStorage.setItem(FIDO_DEBUG_KEY, '{"authenticatorAttachment":"cross-platform"}');
    expect(forcedTransports(fidoDebugSwitch.read())).toEqual(['usb', 'nfc', 'ble', 'hybrid']);
    sessionStorage.setItem(FIDO_DEBUG_KEY, '{"transports":["internal"]}');
    expect(forcedTransports(fidoDebugSwitch.read())).toEqual(['internal']);
    sessionStorage.setItem(FIDO_DEBUG_KEY, '{"transports":["carrier-pigeon"]}');
    expect(fidoDebugSwitch.read()).toBeNull();
    expect(sessionStorage.getItem(FIDO_DEBUG_KEY)).toBeNull();
  });

  it('builds the ceremony options from the reply data, with the debug switch applied', () => {
    const reply = challengeReply() as unknown as FidoChallengeReply;
    const request = (debug: Parameters<typeof requestOptionsFrom>[2]) => {
      const found = requestOptionsFrom(reply, fidoSignInForPath(paths.fido), debug);
      return found.ok ? found.options : null;
    };
    expect(request(null)?.allowCredentials?.[0]?.transports).toEqual(['internal']);
    expect(request({ transports: ['usb'] })?.allowCredentials?.[0]?.transports).toEqual(['usb']);
    const creation = {
      nextaction: 'FIDO_REGISTER_VERIFY_CHALLENGE',
      data: { ...creationData, authenticatorSelection: { authenticatorAttachment: 'platform' } },
    } as unknown as FidoChallengeReply;
    const forced = creationOptionsFrom(creation, fidoSignInForPath(paths.fido), {
      authenticatorAttachment: 'cross-platform',
    });
    expect(forced.ok && forced.options.authenticatorSelection).toEqual({
      authenticatorAttachment: 'cross-platform',
    });
    expect(
      creationOptionsFrom(
        { ...creation, data: { challenge: 'x' } } as FidoChallengeReply,
        fidoSignInForPath(paths.fido),
        null,
      ),
    ).toEqual({
      ok: false,
      message: 'Error processing data from server',
    });
  });

  it('tells an aborted ceremony, a cancelled prompt and other failures apart', () => {
    expect(ceremonyFailure({ name: 'AbortError', code: 'ERROR_CEREMONY_ABORTED' })).toBe('aborted');
    expect(ceremonyFailure(new DOMException('no', 'NotAllowedError'))).toBe('cancelled');
    expect(ceremonyFailure({ name: 'Error', cause: { name: 'NotAllowedError' } })).toBe('cancelled');
    expect(ceremonyFailure(new TypeError('bad'))).toBe('failed');
  });
});

describe('FIDO screen', () => {
  beforeEach(() => {
    // Spies are restored after every test (restoreMocks), so each test takes a new one.
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(CHROME);
    webauthn.startAuthentication.mockReset();
    webauthn.startRegistration.mockReset();
    removeCookie(fidoIdCookieName('fiona.fido'));
  });

  it('requests the challenge, starts the prompt by itself, verifies through the proxy and routes on', async () => {
    // The prompt answers once the screen has been read.
    let answer = () => {};
    webauthn.startAuthentication.mockImplementation(
      () => new Promise((resolve) => (answer = () => resolve(assertion))),
    );
    const calls = stubServer({
      'factor/v1/FIDOAuthChallengeGenerator': [{ body: challengeReply() }],
      'factor/v1/FIDOAuthChallengeVerifier': [{ body: { nextaction: 'AUTH_ALLOWED', access_token: 'user' } }],
    });
    show();
    expect(screen.getByRole('heading', { name: 'FIDO Device Authentication' })).toBeTruthy();
    // The status region is in the page empty, then says what to do (so it is announced).
    expect(screen.queryByText('Validate your biometric')).toBeNull();
    expect(await screen.findByText('Validate your biometric')).toBeTruthy();
    expect(screen.getByText('It may take a few moments for the pop-up to appear')).toBeTruthy();
    await waitFor(() => expect(webauthn.startAuthentication).toHaveBeenCalled());
    answer();
    await waitFor(() => expect(location()).toBe(paths.welcome));
    expect(calls[0]?.body).toEqual({
      documentDomain: globalThis.location.origin,
      fidoCredType: 'FIDO',
      deviceTag: true,
      userName: 'fiona.fido',
    });
    expect(webauthn.startAuthentication.mock.calls[0]?.[0]).toMatchObject({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl' },
    });
    const verifierUrl = String(vi.mocked(fetch).mock.calls[1]?.[0]);
    expect(verifierUrl).toBe('/common/portal/proxy/factor/v1/FIDOAuthChallengeVerifier');
    expect(calls[1]?.headers.get('X-Flow-State')).toBe('flow-2');
    expect(document.cookie).toContain(`${fidoIdCookieName('fiona.fido')}=Y3JlZA`);
    // The welcome page's passkey offer learns that this sign-in used a FIDO credential.
    expect(portalStore.get(signInFidoTypeAtom)).toBe('FIDO');
  });

  it("refuses a challenge for another type with 'Error in data from server'", async () => {
    stubServer({ 'factor/v1/FIDOAuthChallengeGenerator': [{ body: challengeReply('PASSKEY') }] });
    show();
    expect(await screen.findByText('Error in data from server')).toBeTruthy();
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
  });

  it("checks the nextaction first: another type's challenge without options is 'Error in data from server'", async () => {
    stubServer({
      'factor/v1/FIDOAuthChallengeGenerator': [
        { body: { nextaction: 'SECURITYKEY_AUTH_VERIFY_CHALLENGE', flowState: 'flow-2', data: 'n/a' } },
      ],
    });
    show();
    expect(await screen.findByText('Error in data from server')).toBeTruthy();
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
  });

  it.each([
    ['publicKey', { publicKey: requestData }],
    ['the top level', requestData],
  ])('signs in with the options in %s', async (_where, placed) => {
    webauthn.startAuthentication.mockResolvedValueOnce(assertion);
    stubServer({
      'factor/v1/FIDOAuthChallengeGenerator': [
        { body: { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', flowState: 'flow-2', ...placed } },
      ],
      'factor/v1/FIDOAuthChallengeVerifier': [{ body: { nextaction: 'AUTH_ALLOWED', access_token: 'user' } }],
    });
    show();
    await waitFor(() => expect(location()).toBe(paths.welcome));
    expect(webauthn.startAuthentication.mock.calls[0]?.[0]).toMatchObject({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' },
    });
  });

  it("says 'Error processing data from server' when the options cannot be read", async () => {
    stubServer({
      'factor/v1/FIDOAuthChallengeGenerator': [
        { body: { nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE', data: {} } },
      ],
    });
    show();
    expect(await screen.findByText('Error processing data from server')).toBeTruthy();
  });

  it('offers Try again after a cancelled or timed-out prompt, and it works', async () => {
    webauthn.startAuthentication
      .mockRejectedValueOnce(new DOMException('cancelled', 'NotAllowedError'))
      .mockResolvedValueOnce(assertion);
    stubServer({
      'factor/v1/FIDOAuthChallengeGenerator': [{ body: challengeReply() }],
      'factor/v1/FIDOAuthChallengeVerifier': [{ body: { nextaction: 'AUTH_ALLOWED', access_token: 'user' } }],
    });
    show();
    expect(
      await screen.findByText(
        'The request was cancelled or timed out. Try again or choose another way to sign in.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location()).toBe(paths.welcome));
  });

  it("shows the service's message when the verifier refuses", async () => {
    webauthn.startAuthentication.mockResolvedValue(assertion);
    stubServer({
      'factor/v1/FIDOAuthChallengeGenerator': [{ body: challengeReply() }],
      'factor/v1/FIDOAuthChallengeVerifier': [
        { status: 400, body: { errorCode: '8800050', errorMessage: 'FIDO verification failed: signature' } },
      ],
    });
    show();
    expect(await screen.findByText('FIDO verification failed: signature')).toBeTruthy();
    expect(document.cookie).not.toContain(fidoIdCookieName('fiona.fido'));
  });

  it("waits for 'Next' on Safari", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(SAFARI);
    webauthn.startAuthentication.mockResolvedValue(assertion);
    stubServer({
      'factor/v1/FIDOAuthChallengeGenerator': [{ body: challengeReply('SECURITYKEY') }],
      'factor/v1/FIDOAuthChallengeVerifier': [{ body: { nextaction: 'AUTH_ALLOWED', access_token: 'user' } }],
    });
    show(paths.securityKey);
    expect(await screen.findByText('User input required to begin')).toBeTruthy();
    expect(screen.getByText("Click 'Next' to continue")).toBeTruthy();
    expect(webauthn.startAuthentication).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe(paths.welcome));
  });

  it('registers inline with the flow state when the step asks for a registration', async () => {
    webauthn.startRegistration.mockResolvedValue({
      ...assertion,
      response: { clientDataJSON: 'e30', attestationObject: 'AA' },
    });
    const calls = stubServer({
      'factor/v1/FIDORegChallengeGenerator': [
        {
          body: {
            nextaction: 'PASSKEY_REGISTER_VERIFY_CHALLENGE',
            flowState: 'flow-2',
            data: creationData,
          },
        },
      ],
      'factor/v1/FIDORegChallengeVerifier': [{ body: { nextaction: 'AUTH_ALLOWED', access_token: 'user' } }],
    });
    show(
      paths.passkey,
      { ...opening, nextaction: 'PASSKEY_REGISTER_GENERATE_CHALLENGE' },
      { mode: 'register' },
    );
    expect(screen.getByRole('heading', { name: 'FIDO Device Registration' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe(paths.welcome));
    expect(calls[0]?.headers.get('X-Flow-State')).toBe('flow-1');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer client-token');
    expect(calls[1]?.body).toMatchObject({ fidoCredType: 'PASSKEY', id: 'Y3JlZA' });
  });

  describe('issue 27: the Signal API and WebAuthn hints', () => {
    const signalled = vi.fn();
    beforeEach(() => {
      signalled.mockReset();
      vi.stubGlobal(
        'PublicKeyCredential',
        Object.assign(function PublicKeyCredential() {}, {
          signalUnknownCredential: async (options: unknown) => void signalled(options),
        }),
      );
      return () => vi.unstubAllGlobals();
    });

    it.each([
      [
        'the SSO says the credential does not exist (8800041)',
        404,
        { errorCode: '8800041', errorMessage: 'gone' },
        1,
      ],
      [
        'the credential exists but cannot be used (8800040)',
        404,
        { errorCode: '8800040', errorMessage: 'no' },
        0,
      ],
    ])('%s: signalled %i time(s)', async (_case, status, body, times) => {
      webauthn.startAuthentication.mockResolvedValue(assertion);
      stubServer({
        'factor/v1/FIDOAuthChallengeGenerator': [{ body: challengeReply() }],
        'factor/v1/FIDOAuthChallengeVerifier': [{ status, body }],
      });
      show();
      expect(await screen.findByText(body.errorMessage)).toBeTruthy();
      expect(signalled).toHaveBeenCalledTimes(times);
      if (times) expect(signalled).toHaveBeenCalledWith({ rpId: 'localhost', credentialId: 'Y3JlZA' });
    });

    it('a network error signals nothing', async () => {
      webauthn.startAuthentication.mockResolvedValue(assertion);
      stubServer({ 'factor/v1/FIDOAuthChallengeGenerator': [{ body: challengeReply() }] });
      const original = vi.mocked(fetch).getMockImplementation();
      vi.mocked(fetch).mockImplementation((input, init) =>
        String(input).includes('FIDOAuthChallengeVerifier')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : (original?.(input, init) ?? Promise.reject(new Error('no server'))),
      );
      show();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy());
      expect(signalled).not.toHaveBeenCalled();
    });

    it("hints: the audience's for a passkey, security-key for a security key; the server's win", () => {
      const passkey = fidoSignInForPath('/passkey');
      const reply = (data: object) => challengeReply('PASSKEY', data) as FidoChallengeReply;
      const found = requestOptionsFrom(reply(requestData), passkey, null, ['client-device']);
      expect(found.ok && found.options.hints).toEqual(['client-device']);
      const server = requestOptionsFrom(reply({ ...requestData, hints: ['hybrid'] }), passkey, null, [
        'client-device',
      ]);
      expect(server.ok && server.options.hints).toEqual(['hybrid']);
      const creation = creationOptionsFrom(
        { nextaction: 'SECURITYKEY_REGISTER_VERIFY_CHALLENGE', data: creationData } as FidoChallengeReply,
        fidoSignInForPath('/security-key'),
        null,
        ['security-key'],
      );
      expect(creation.ok && creation.options.hints).toEqual(['security-key']);
    });
  });
});
