import { describe, expect, it } from 'vitest';
import type { AuthReply } from '../src/api/schemas';
import { readTrustedDeviceId, rememberTrustedDevice } from '../src/auth/deviceCookies';
import { syncTrustedDeviceCookie, trustedDeviceVerdict } from '../src/auth/trustedDevice';
import { trustedDeviceCookieName } from '../src/storage/cookieNames';
import { cookieJar } from '../test-support/cookieJar';

const trusted = { isTrustedDeviceEnabled: true, trustedDeviceId: 'td-1', trustedDeviceExpiryDays: 30 };
const untrusted = { isTrustedDeviceEnabled: false, trustedDeviceId: '', trustedDeviceExpiryDays: 30 };

describe('trustedDeviceVerdict', () => {
  it('enabled with an id: trusted, with the days', () => {
    expect(trustedDeviceVerdict(trusted)).toEqual({
      kind: 'trusted',
      trustedDeviceId: 'td-1',
      expiryDays: 30,
    });
    expect(trustedDeviceVerdict({ isTrustedDeviceEnabled: true, trustedDeviceId: 'td-1' })).toEqual({
      kind: 'trusted',
      trustedDeviceId: 'td-1',
      expiryDays: null,
    });
  });

  it('disabled, or enabled with an empty or missing id: untrusted', () => {
    expect(trustedDeviceVerdict(untrusted)).toEqual({ kind: 'untrusted' });
    expect(trustedDeviceVerdict({ isTrustedDeviceEnabled: false, trustedDeviceId: 'td-1' })).toEqual({
      kind: 'untrusted',
    });
    expect(trustedDeviceVerdict({ isTrustedDeviceEnabled: true, trustedDeviceId: '' })).toEqual({
      kind: 'untrusted',
    });
    expect(trustedDeviceVerdict({ isTrustedDeviceEnabled: true, trustedDeviceId: null })).toEqual({
      kind: 'untrusted',
    });
  });

  it('no block, or a block without isTrustedDeviceEnabled: silent', () => {
    expect(trustedDeviceVerdict(undefined)).toEqual({ kind: 'silent' });
    expect(trustedDeviceVerdict(null)).toEqual({ kind: 'silent' });
    expect(trustedDeviceVerdict({ currentFactorLevel: 1, trustedDeviceId: '' })).toEqual({ kind: 'silent' });
    expect(trustedDeviceVerdict({ isTrustedDeviceEnabled: null })).toEqual({ kind: 'silent' });
  });
});

describe('syncTrustedDeviceCookie', () => {
  const allowed = (additional: AuthReply['additional']): AuthReply => ({
    nextaction: 'AUTH_ALLOWED',
    id_token: 'id',
    additional,
  });
  const step = (additional: AuthReply['additional']): AuthReply => ({
    nextaction: 'PASSWORD_AUTH',
    additional,
  });

  it('AUTH_ALLOWED from a trusting server keeps the id for the given days', () => {
    const env = cookieJar(false);
    syncTrustedDeviceCookie('Tom.Trusted', allowed(trusted), env);
    expect(env.written).toEqual([
      `${trustedDeviceCookieName('tom.trusted')}=td-1; Path=/; SameSite=Strict; Expires=${new Date(Date.UTC(2026, 0, 31)).toUTCString()}`,
    ]);
    expect(readTrustedDeviceId('tom.trusted', env)).toBe('td-1');
  });

  it('a new id replaces the old one; without days the cookie lasts for the browser session', () => {
    const env = cookieJar(false);
    rememberTrustedDevice('tom.trusted', 'td-old', 30, env);
    syncTrustedDeviceCookie(
      'tom.trusted',
      allowed({ isTrustedDeviceEnabled: true, trustedDeviceId: 'td-2' }),
      env,
    );
    expect(readTrustedDeviceId('tom.trusted', env)).toBe('td-2');
    expect(env.written.at(-1)).toBe(
      `${trustedDeviceCookieName('tom.trusted')}=td-2; Path=/; SameSite=Strict`,
    );
  });

  it('a trusting reply before the sign-in is complete writes nothing', () => {
    const env = cookieJar(false);
    syncTrustedDeviceCookie('tom.trusted', step(trusted), env);
    expect(env.written).toEqual([]);
  });

  it('any reply saying the device is not trusted removes the cookie that exists', () => {
    for (const reply of [
      step(untrusted),
      allowed(untrusted),
      step({ isTrustedDeviceEnabled: true, trustedDeviceId: '' }),
    ]) {
      const env = cookieJar(true);
      rememberTrustedDevice('tom.trusted', 'td-1', 30, env);
      syncTrustedDeviceCookie('tom.trusted', reply, env);
      expect(readTrustedDeviceId('tom.trusted', env)).toBeNull();
      expect(env.written.at(-1)).toBe(
        `__Host-${trustedDeviceCookieName('tom.trusted')}=; Path=/; SameSite=Strict; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure`,
      );
    }
  });

  it("only that user's cookie; with no cookie nothing is written", () => {
    const env = cookieJar(false);
    rememberTrustedDevice('ann.smith', 'td-ann', 30, env);
    syncTrustedDeviceCookie('tom.trusted', step(untrusted), env);
    expect(env.written).toHaveLength(1);
    expect(readTrustedDeviceId('ann.smith', env)).toBe('td-ann');
  });

  it('a reply that says nothing about the device leaves the cookie alone', () => {
    const env = cookieJar(false);
    rememberTrustedDevice('tom.trusted', 'td-1', 30, env);
    syncTrustedDeviceCookie('tom.trusted', { nextaction: 'SMS_OTP_AUTH' }, env);
    syncTrustedDeviceCookie('tom.trusted', step({ currentFactorLevel: 2 }), env);
    expect(env.written).toHaveLength(1);
    expect(readTrustedDeviceId('tom.trusted', env)).toBe('td-1');
  });

  it('no user name: nothing', () => {
    const env = cookieJar(false);
    syncTrustedDeviceCookie('', allowed(trusted), env);
    expect(env.written).toEqual([]);
  });
});
