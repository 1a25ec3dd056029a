import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type SsoExchange, signInOutcomes } from '../src/audit/signInReplies.js';

const exchange = (path: string, status: number, reply: unknown, request: SsoExchange['request'] = {}) =>
  signInOutcomes({ method: 'POST', path, status, reply, request });

describe('the reply interpreter (what a proxied SSO reply says happened)', () => {
  it('an oauth2 arrival with login_hint starts a sign-in; a bare arrival and a reset do not', () => {
    expect(
      exchange('auth/v1/authenticate', 200, { nextaction: 'PASSWORD_AUTH', userName: 'pat.password' }),
    ).toEqual([{ event: 'signin.started', nextAction: 'PASSWORD_AUTH' }]);
    expect(exchange('auth/v1/authenticate', 200, { flowState: 'f', userName: '' })).toEqual([]);
    expect(
      exchange(
        'auth/v1/authenticate',
        200,
        { flowState: 'f', userName: 'x' },
        { subject: 'x', resetFlow: true },
      ),
    ).toEqual([]);
  });

  it("the identity provider's hand-back (no subject, AUTH_ALLOWED) ends the sign-in without starting one", () => {
    expect(
      exchange('auth/v1/authenticate', 200, { nextaction: 'AUTH_ALLOWED', userName: 'ida.idp' }),
    ).toEqual([{ event: 'signin.allowed', nextAction: 'AUTH_ALLOWED' }]);
  });

  it('a passcode Terminate is a failed factor and a denial; Accept passes', () => {
    const custom = 'factor/v1/CustomAuthenticator';
    expect(exchange(custom, 200, { nextaction: 'AUTH_DENIED', data: { status: 'Terminate' } })).toEqual([
      { event: 'signin.factor.failed', factor: 'CUSTOM', reason: 'Terminate' },
      { event: 'signin.denied', nextAction: 'AUTH_DENIED' },
    ]);
    expect(exchange(custom, 200, { nextaction: 'AUTH_ALLOWED', data: { status: 'Accept' } })).toEqual([
      { event: 'signin.factor.passed', factor: 'CUSTOM', nextAction: 'AUTH_ALLOWED' },
      { event: 'signin.allowed', nextAction: 'AUTH_ALLOWED' },
    ]);
  });

  it('a push: pending is nothing yet, timed out fails, approved passes', () => {
    const push = 'factor/v1/PushStatus';
    expect(exchange(push, 200, { nextaction: 'PUSH_AUTH', data: { status: 'PENDING' } })).toEqual([]);
    expect(exchange(push, 200, { nextaction: 'PUSH_AUTH', data: { status: 'TIMED_OUT' } })).toEqual([
      { event: 'signin.factor.failed', factor: 'PUSH', reason: 'TIMED_OUT' },
    ]);
    expect(exchange(push, 200, { nextaction: 'AUTH_ALLOWED', data: { status: 'AUTHENTICATED' } })).toEqual([
      { event: 'signin.factor.passed', factor: 'PUSH', nextAction: 'AUTH_ALLOWED' },
      { event: 'signin.allowed', nextAction: 'AUTH_ALLOWED' },
    ]);
  });

  it('a password change required (428 1003033) means the password was right', () => {
    expect(
      exchange('factor/v1/PasswordAuthenticator', 428, {
        errorCode: '1003033',
        nextaction: 'CHANGE_PASSWORD',
      }),
    ).toEqual([{ event: 'signin.factor.passed', factor: 'PASSWORD', nextAction: 'CHANGE_PASSWORD' }]);
  });

  it('a biometric registered during the sign-in is a new credential and a passed factor', () => {
    expect(
      exchange('factor/v1/FIDORegChallengeVerifier', 200, {
        nextaction: 'AUTH_ALLOWED',
        credId: 'c1',
        credType: 'fido',
      }),
    ).toEqual([
      { event: 'credential.added', credId: 'c1', credentialType: 'fido' },
      { event: 'signin.factor.passed', factor: 'FIDO', nextAction: 'AUTH_ALLOWED' },
      { event: 'signin.allowed', nextAction: 'AUTH_ALLOWED' },
    ]);
  });

  it('a pending registration (code not proved yet) is no new credential', () => {
    expect(
      exchange('factor/v1/OTPRegistrar', 200, { credId: 'c2', credType: 'sms', credValue: '+1555' }),
    ).toEqual([]);
  });

  it('reads a reply of unexpected shape as nothing rather than failing', () => {
    expect(
      exchange('auth/v1/authenticate', 200, { nextaction: 42, userName: ['x'] }, { subject: 'x' }),
    ).toEqual([]);
    expect(exchange('factor/v1/OTPVerifier', 200, 'text')).toEqual([]);
  });
});

describe('audit settings', () => {
  const KEY = Buffer.alloc(32, 3);

  it('defaults: a random pseudonym key of this process and 30 reports a window', () => {
    const config = loadConfig({});
    expect(config.auditPseudonymKeyGenerated).toBe(true);
    expect(config.auditPseudonymKey).toHaveLength(32);
    expect(loadConfig({}).auditPseudonymKey.equals(config.auditPseudonymKey)).toBe(false);
    expect(config.auditEventRateLimit).toBe(30);
  });

  it('reads AUDIT_PSEUDONYM_KEY (base64 or base64url) and AUDIT_EVENT_RATE_LIMIT', () => {
    for (const text of [KEY.toString('base64'), KEY.toString('base64url')]) {
      const config = loadConfig({ AUDIT_PSEUDONYM_KEY: text, AUDIT_EVENT_RATE_LIMIT: '5' });
      expect(config.auditPseudonymKey.equals(KEY)).toBe(true);
      expect(config.auditPseudonymKeyGenerated).toBe(false);
      expect(config.auditEventRateLimit).toBe(5);
    }
  });

  it.each([
    ['AUDIT_PSEUDONYM_KEY', Buffer.alloc(16, 1).toString('base64')],
    ['AUDIT_PSEUDONYM_KEY', 'not*base64'],
    ['AUDIT_EVENT_RATE_LIMIT', '0'],
  ])('names %s when it is invalid (%s)', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`Invalid environment variable ${name}`);
  });
});
