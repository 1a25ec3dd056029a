import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode, verifyTotp } from '../src/factors/totp.js';
import { Harness, PASSWORD } from './harness.js';

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

async function afterPassword(userName: string) {
  const start = await h.authenticate(userName, client);
  const fs = String(start.json.flowState);
  const reply = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState: fs,
    body: { password: PASSWORD },
  });
  return { fs, reply };
}

describe('OTP by SMS, e-mail and voice', () => {
  it.each([
    ['sam.sms', 'sms', 'SMS', 'sms'],
    ['emma.email', 'email', 'EMAIL', 'email'],
    ['victor.voice', 'ivr', 'IVR', 'voice'],
  ])('%s: selection, generate (outbox), verify once', async (user, credType, upper, channel) => {
    const { fs, reply } = await afterPassword(user);
    expect(reply.json.nextaction).toBe(`${upper}_OTP_SELECTION`);
    const creds = reply.json.credentials as Array<{ credId: string; credType: string }>;
    const credId = creds[0]?.credId ?? '';
    const gen = await h.call('POST', 'factor/v1/OTPGenerator', {
      token: client,
      flowState: fs,
      body: { credId, credType, action: 'login', deviceTag: true },
    });
    expect(gen.json.nextaction).toBe(`${upper}_OTP_AUTH`);
    const outbox = JSON.parse((await h.call('GET', '/_emulator/api/outbox')).text);
    expect(outbox[0]).toMatchObject({ channel, userName: user });
    expect(outbox[0].code).toMatch(/^\d{6}$/);
    const code = outbox[0].code as string;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await h.call('POST', 'factor/v1/OTPVerifier', {
      token: client,
      flowState: fs,
      body: { credId, otp: wrongCode },
    });
    expect(wrong.json.errorCode).toBe('8800021');
    const ok = await h.call('POST', 'factor/v1/OTPVerifier', {
      token: client,
      flowState: fs,
      body: { credId, otp: code },
    });
    expect(ok.json.nextaction).toBe('AUTH_ALLOWED');
    const again = await h.call('POST', 'factor/v1/OTPVerifier', {
      token: client,
      flowState: fs,
      body: { credId, otp: code },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  it('codes expire and are bound to their transaction', async () => {
    const a = await afterPassword('sam.sms');
    const b = await afterPassword('sam.sms');
    for (const t of [a, b]) {
      await h.call('POST', 'factor/v1/OTPGenerator', {
        token: client,
        flowState: t.fs,
        body: { credId: 'sms-sam-1', credType: 'sms', action: 'login' },
      });
    }
    const codes = JSON.parse((await h.call('GET', '/_emulator/api/outbox')).text) as Array<{ code: string }>;
    const codeA = codes[0]?.code ?? '';
    const codeB = codes[1]?.code ?? '';
    if (codeA !== codeB) {
      const cross = await h.call('POST', 'factor/v1/OTPVerifier', {
        token: client,
        flowState: b.fs,
        body: { credId: 'sms-sam-1', otp: codeA },
      });
      expect(cross.json.errorCode).toBe('8800021');
    }
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 6 * 60_000 } });
    const late = await h.call('POST', 'factor/v1/OTPVerifier', {
      token: client,
      flowState: a.fs,
      body: { credId: 'sms-sam-1', otp: codeA },
    });
    expect(late.json.errorCode).toBe('8800021');
  });

  it('chooser: several OTP credentials, any of them can be used', async () => {
    const { fs, reply } = await afterPassword('olga.otp');
    expect(reply.json.nextaction).toBe('SMS_OTP_SELECTION');
    expect((reply.json.credentials as unknown[]).length).toBe(4);
    const gen = await h.call('POST', 'factor/v1/OTPGenerator', {
      token: client,
      flowState: fs,
      body: { credId: 'email-olga-1', credType: 'email', action: 'login' },
    });
    expect(gen.json.nextaction).toBe('EMAIL_OTP_AUTH');
    const ok = await h.call('POST', 'factor/v1/OTPVerifier', {
      token: client,
      flowState: fs,
      body: { credId: 'email-olga-1', otp: await h.lastCode('olga.otp') },
    });
    expect(ok.json.nextaction).toBe('AUTH_ALLOWED');
  });

  it('bad inputs: wrong type, other user credential, bad otp format, wrong step', async () => {
    const { fs } = await afterPassword('sam.sms');
    const cases = [
      { credId: 'sms-sam-1', credType: 'email', action: 'login' },
      { credId: 'email-emma-1', credType: 'email', action: 'login' },
      { credId: 'sms-sam-1', credType: 'sms', action: 'register' },
      { credId: '', credType: 'sms', action: 'login' },
    ];
    for (const body of cases) {
      const res = await h.call('POST', 'factor/v1/OTPGenerator', { token: client, flowState: fs, body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json.errorCode).toBeTypeOf('string');
    }
    const fmt = await h.call('POST', 'factor/v1/OTPVerifier', {
      token: client,
      flowState: fs,
      body: { credId: 'sms-sam-1', otp: '12ab56' },
    });
    expect(fmt.status).toBe(400);
    const pw = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: fs,
      body: { password: PASSWORD },
    });
    expect(pw.json.errorCode).toBe('8800030');
    const noFs = await h.call('POST', 'factor/v1/OTPGenerator', {
      token: client,
      body: { credId: 'sms-sam-1', credType: 'sms', action: 'login' },
    });
    expect(noFs.json.errorCode).toBe('0000010');
  });
});

describe('TOTP (mobile authenticator)', () => {
  it('matches the RFC 6238 SHA-1 reference values', () => {
    const secret = OTPAuth.Secret.fromUTF8('12345678901234567890').base32;
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    // RFC 6238 appendix B, 8-digit values 94287082 and 07081804: the last 6 digits.
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 1_234_567_890_000)).toBe('005924');
    expect(verifyTotp(secret, '287082', 59_000, undefined)).toBe(1);
    expect(verifyTotp(secret, '287082', 59_000, 1)).toBeNull();
    expect(verifyTotp(secret, '287082', 59_000 + 120_000, undefined)).toBeNull();
  });

  it('MOBILEOTP_AUTH then MobileOTPVerifier with the fixture secret; a code is accepted once', async () => {
    const { fs, reply } = await afterPassword('tina.totp');
    expect(reply.json.nextaction).toBe('MOBILEOTP_AUTH');
    const code = totpCode('JBSWY3DPEHPK3PXP', Date.now());
    const bad = await h.call('POST', 'factor/v1/MobileOTPVerifier', {
      token: client,
      flowState: fs,
      body: { credId: 'totp-tina-1', credValue: 'Tina phone', otp: code === '123456' ? '654321' : '123456' },
    });
    expect(bad.json.errorCode).toBe('8800021');
    const ok = await h.call('POST', 'factor/v1/MobileOTPVerifier', {
      token: client,
      flowState: fs,
      body: { credId: 'totp-tina-1', credValue: 'Tina phone', otp: code },
    });
    expect(ok.json.nextaction).toBe('AUTH_ALLOWED');
    const { fs: fs2 } = await afterPassword('tina.totp');
    const replay = await h.call('POST', 'factor/v1/MobileOTPVerifier', {
      token: client,
      flowState: fs2,
      body: { credId: 'totp-tina-1', otp: code },
    });
    expect(replay.json.errorCode).toBe('8800021');
    const invalid = await h.call('POST', 'factor/v1/MobileOTPVerifier', {
      token: client,
      flowState: fs2,
      body: { otp: code },
    });
    expect(invalid.status).toBe(400);
  });
});
