import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TRANSPORTS,
  expectedChallengeAction,
  FIDO_REGISTRATION_TYPES,
  FIDO_TYPES,
  fidoTypeForPath,
  fidoTypeForRegistration,
  fidoTypeOf,
  isRegisterMode,
} from '../src/fido/fidoTypes';

describe('the FIDO table', () => {
  it('has one row per credential type, with its codes, screens, wording and icon', () => {
    expect(
      FIDO_TYPES.map(({ credType, registrationType, loginPath, registerPath, validateMessage, icon }) => ({
        credType,
        registrationType,
        loginPath,
        registerPath,
        validateMessage,
        icon,
      })),
    ).toEqual([
      {
        credType: 'FIDO',
        registrationType: 'fido',
        loginPath: '/fido',
        registerPath: '/register/fido',
        validateMessage: 'Validate your biometric',
        icon: 'biometric',
      },
      {
        credType: 'SECURITYKEY',
        registrationType: 'securitykey',
        loginPath: '/security-key',
        registerPath: '/register/securitykey',
        validateMessage: 'Validate your security key',
        icon: 'securityKey',
      },
      {
        credType: 'PASSKEY',
        registrationType: 'passkey',
        loginPath: '/passkey',
        registerPath: '/register/passkey',
        validateMessage: 'Validate your passkey',
        icon: 'biometric',
      },
    ]);
    expect(FIDO_REGISTRATION_TYPES).toEqual(['fido', 'securitykey', 'passkey']);
  });

  it('names the next actions of each type after it (spec section 4)', () => {
    expect(fidoTypeOf('SECURITYKEY').actions).toEqual({
      authGenerate: 'SECURITYKEY_AUTH_GENERATE_CHALLENGE',
      registerGenerate: 'SECURITYKEY_REGISTER_GENERATE_CHALLENGE',
      authVerify: 'SECURITYKEY_AUTH_VERIFY_CHALLENGE',
      registerVerify: 'SECURITYKEY_REGISTER_VERIFY_CHALLENGE',
    });
    expect(expectedChallengeAction(fidoTypeOf('PASSKEY'), 'login')).toBe('PASSKEY_AUTH_VERIFY_CHALLENGE');
    expect(expectedChallengeAction(fidoTypeOf('FIDO'), 'register')).toBe('FIDO_REGISTER_VERIFY_CHALLENGE');
  });

  it('finds a row by route (trailing slash ignored, FIDO when unknown) and by registration type', () => {
    expect(fidoTypeForPath('/security-key/').credType).toBe('SECURITYKEY');
    expect(fidoTypeForPath('/passkey').credType).toBe('PASSKEY');
    expect(fidoTypeForPath('/elsewhere').credType).toBe('FIDO');
    expect(fidoTypeForRegistration('passkey').credType).toBe('PASSKEY');
    expect(fidoTypeForRegistration('securitykey').validateMessage).toBe('Validate your security key');
  });

  it('tells a registration step from a sign-in step', () => {
    expect(isRegisterMode(undefined, 'SECURITYKEY_REGISTER_GENERATE_CHALLENGE')).toBe(true);
    expect(isRegisterMode('register', null)).toBe(true);
    expect(isRegisterMode(undefined, 'FIDO_AUTH_GENERATE_CHALLENGE')).toBe(false);
    expect(isRegisterMode(undefined, undefined)).toBe(false);
  });

  it('knows the transports each authenticator attachment stands for', () => {
    expect(ATTACHMENT_TRANSPORTS.platform).toEqual(['internal']);
    expect(ATTACHMENT_TRANSPORTS['cross-platform']).toEqual(['usb', 'nfc', 'ble', 'hybrid']);
  });
});
