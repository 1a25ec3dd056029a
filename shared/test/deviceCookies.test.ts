import { describe, expect, it } from 'vitest';
import {
  forgetTrustedDevice,
  readFidoIdentifier,
  readTrustedDeviceId,
  rememberFidoIdentifier,
  rememberTrustedDevice,
} from '../src/auth/deviceCookies';
import { fidoIdCookieName, obfuscate, trustedDeviceCookieName } from '../src/storage/cookieNames';
import { cookieJar as jar } from '../test-support/cookieJar';

describe('cookie-name obfuscation (spec section 9)', () => {
  it("names are 'tdi-' / 'fid-' plus a stable obfuscated string that hides the user name", () => {
    expect(trustedDeviceCookieName('Ann.Smith')).toBe(`tdi-${obfuscate('ann.smith')}`);
    expect(fidoIdCookieName('ann.smith')).toBe(`fid-${obfuscate('ann.smith')}`);
    expect(trustedDeviceCookieName('ann.smith')).not.toContain('ann');
    expect(obfuscate('ann.smith')).not.toBe(obfuscate('bob.jones'));
  });
});

describe('device cookies', () => {
  it('trusted device: written with Path=/, SameSite=Lax and the expiry in days; read back; removed', () => {
    const env = jar(false);
    rememberTrustedDevice('ann.smith', 'td-1', 30, env);
    expect(env.written[0]).toBe(
      `${trustedDeviceCookieName('ann.smith')}=td-1; Path=/; SameSite=Lax; Expires=${new Date(Date.UTC(2026, 0, 31)).toUTCString()}`,
    );
    expect(readTrustedDeviceId('Ann.Smith', env)).toBe('td-1');
    forgetTrustedDevice('ann.smith', env);
    expect(env.written[1]).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(readTrustedDeviceId('ann.smith', env)).toBeNull();
  });

  it('on a secure page the name gets __Secure- and the Secure flag', () => {
    const env = jar(true);
    rememberFidoIdentifier('ann.smith', 'fido-1', undefined, env);
    expect(env.written[0]).toBe(
      `__Secure-${fidoIdCookieName('ann.smith')}=fido-1; Path=/; SameSite=Lax; Secure`,
    );
    expect(readFidoIdentifier('ann.smith', env)).toBe('fido-1');
  });

  it('no user name reads nothing', () => {
    expect(readTrustedDeviceId('', jar(false))).toBeNull();
  });
});
