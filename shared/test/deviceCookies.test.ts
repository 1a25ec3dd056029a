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
  it('trusted device: written with Path=/, SameSite=Strict and the expiry in days; read back; removed', () => {
    const env = jar(false);
    rememberTrustedDevice('ann.smith', 'td-1', 30, env);
    expect(env.written[0]).toBe(
      `${trustedDeviceCookieName('ann.smith')}=td-1; Path=/; SameSite=Strict; Expires=${new Date(Date.UTC(2026, 0, 31)).toUTCString()}`,
    );
    expect(readTrustedDeviceId('Ann.Smith', env)).toBe('td-1');
    forgetTrustedDevice('ann.smith', env);
    expect(env.written[1]).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(readTrustedDeviceId('ann.smith', env)).toBeNull();
  });

  it('on a secure page the name gets __Host- and the Secure flag', () => {
    const env = jar(true);
    rememberFidoIdentifier('ann.smith', 'fido-1', undefined, env);
    expect(env.written[0]).toBe(
      `__Host-${fidoIdCookieName('ann.smith')}=fido-1; Path=/; SameSite=Strict; Secure`,
    );
    expect(readFidoIdentifier('ann.smith', env)).toBe('fido-1');
  });

  it('a browser trusted by an earlier version (__Secure- cookies) keeps its trust: the cookies move to __Host-', () => {
    const env = jar(true);
    const tdi = trustedDeviceCookieName('ann.smith');
    const fid = fidoIdCookieName('ann.smith');
    env.document.cookie = `__Secure-${tdi}=td-old; Path=/; SameSite=Lax; Secure`;
    env.document.cookie = `__Secure-${fid}=fido-old; Path=/; SameSite=Lax; Secure`;
    expect(readTrustedDeviceId('Ann.Smith', env)).toBe('td-old');
    expect(readFidoIdentifier('ann.smith', env)).toBe('fido-old');
    expect(env.document.cookie.split('; ').sort()).toEqual([
      `__Host-${fid}=fido-old`,
      `__Host-${tdi}=td-old`,
    ]);
    expect(env.written).toContain(
      `__Host-${tdi}=td-old; Path=/; SameSite=Strict; Expires=${new Date(Date.UTC(2027, 0, 1)).toUTCString()}; Secure`,
    );
    // Read again: the new cookie, nothing written.
    const writes = env.written.length;
    expect(readTrustedDeviceId('ann.smith', env)).toBe('td-old');
    expect(env.written).toHaveLength(writes);
    forgetTrustedDevice('ann.smith', env);
    expect(readTrustedDeviceId('ann.smith', env)).toBeNull();
  });

  it('no user name reads nothing', () => {
    expect(readTrustedDeviceId('', jar(false))).toBeNull();
  });
});
