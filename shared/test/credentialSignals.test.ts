import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hasCredentialSignal,
  isUnknownCredential,
  signalAcceptedCredentials,
  signalUnknownCredential,
  signalUserDetails,
  UNKNOWN_CREDENTIAL_ERROR_CODE,
} from '../src/fido/credentialSignals';

const user = { rpId: 'localhost', userId: 'cGF0' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the WebAuthn Signal API', () => {
  it('calls each method with its options where the browser has it', async () => {
    const calls: [string, unknown][] = [];
    const record = (name: string) => async (options: unknown) => void calls.push([name, options]);
    vi.stubGlobal(
      'PublicKeyCredential',
      Object.assign(function PublicKeyCredential() {}, {
        signalUnknownCredential: record('unknown'),
        signalAllAcceptedCredentials: record('accepted'),
        signalCurrentUserDetails: record('details'),
      }),
    );

    expect(await signalUnknownCredential('localhost', 'Y3JlZA')).toBe(true);
    expect(await signalAcceptedCredentials(user, ['a', 'b'])).toBe(true);
    expect(await signalUserDetails(user, 'pat.password', 'Pat Password')).toBe(true);
    expect(calls).toEqual([
      ['unknown', { rpId: 'localhost', credentialId: 'Y3JlZA' }],
      ['accepted', { rpId: 'localhost', userId: 'cGF0', allAcceptedCredentialIds: ['a', 'b'] }],
      ['details', { rpId: 'localhost', userId: 'cGF0', name: 'pat.password', displayName: 'Pat Password' }],
    ]);
  });

  it('does nothing where the browser lacks a method or WebAuthn', async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    expect(hasCredentialSignal('signalUnknownCredential')).toBe(false);
    expect(await signalUnknownCredential('localhost', 'Y3JlZA')).toBe(false);
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(await signalAcceptedCredentials(user, [])).toBe(false);
  });

  it('a refused signal is swallowed', async () => {
    vi.stubGlobal(
      'PublicKeyCredential',
      Object.assign(function PublicKeyCredential() {}, {
        signalUnknownCredential: async () => {
          throw new DOMException('refused', 'SecurityError');
        },
      }),
    );
    expect(await signalUnknownCredential('localhost', 'Y3JlZA')).toBe(false);
  });

  it('only the SSO saying the credential does not exist counts as unknown', () => {
    expect(
      isUnknownCredential({ kind: 'http', message: 'x', errorCode: UNKNOWN_CREDENTIAL_ERROR_CODE }),
    ).toBe(true);
    expect(isUnknownCredential({ kind: 'http', message: 'x', errorCode: '8800040' })).toBe(false);
    expect(isUnknownCredential({ kind: 'network', message: 'x' })).toBe(false);
    expect(
      isUnknownCredential({ kind: 'malformed', message: 'x', errorCode: UNKNOWN_CREDENTIAL_ERROR_CODE }),
    ).toBe(false);
  });
});
