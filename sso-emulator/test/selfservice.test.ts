import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../src/factors/totp.js';
import { Harness } from './harness.js';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await Harness.start();
  token = (await h.signedIn('felix.factors')).access_token;
});
afterEach(() => h.close());

type Cred = { credId: string; credType: string; status: string; default: boolean };
const list = async () => (await h.call('GET', 'factor/v1/MeCreds', { token })).json.credentials as Cred[];

describe('MeCreds', () => {
  it('lists credentials with the fields of spec section 3', async () => {
    const creds = await list();
    expect(creds.length).toBe(4);
    expect(Object.keys(creds[0] ?? {}).sort()).toEqual(
      ['createdDatetime', 'credId', 'credType', 'credValue', 'default', 'modifiedDatetime', 'status'].sort(),
    );
    const client = await h.clientToken();
    expect((await h.call('GET', 'factor/v1/MeCreds', { token: client })).json.errorCode).toBe('0000005');
  });

  it('PUT status/default and DELETE', async () => {
    const put = await h.call('PUT', 'factor/v1/MeCreds/email-felix-1', {
      token,
      body: { status: 'INACTIVE', default: true },
    });
    expect(put.json).toMatchObject({ status: 'INACTIVE', default: true });
    expect((await list()).find((c) => c.credId === 'email-felix-1')?.status).toBe('INACTIVE');
    const bad = await h.call('PUT', 'factor/v1/MeCreds/email-felix-1', { token, body: { status: 'GONE' } });
    expect(bad.status).toBe(400);
    const empty = await h.call('PUT', 'factor/v1/MeCreds/email-felix-1', { token, body: {} });
    expect(empty.status).toBe(400);
    const missing = await h.call('PUT', 'factor/v1/MeCreds/nope', { token, body: { default: false } });
    expect(missing.status).toBe(404);
    const del = await h.call('DELETE', 'factor/v1/MeCreds/email-felix-1', { token });
    expect(del.status).toBe(200);
    expect((await list()).some((c) => c.credId === 'email-felix-1')).toBe(false);
    expect((await h.call('DELETE', 'factor/v1/MeCreds/email-felix-1', { token })).status).toBe(404);
  });
});

describe('registrars and verifiers', () => {
  it('OTPRegistrar sends a code; OTPVerifier with the user token activates the credential', async () => {
    const reg = await h.call('POST', 'factor/v1/OTPRegistrar', {
      token,
      body: { credType: 'sms', credValue: '+15550199999', language: 'en_US', default: true, deviceTag: true },
    });
    expect(reg.status).toBe(200);
    const credId = String(reg.json.credId);
    expect((await list()).some((c) => c.credId === credId)).toBe(false);
    const code = await h.lastCode('felix.factors');
    const wrong = await h.call('POST', 'factor/v1/OTPVerifier', {
      token,
      body: { credId, otp: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.json.errorCode).toBe('8800021');
    const ok = await h.call('POST', 'factor/v1/OTPVerifier', { token, body: { credId, otp: code } });
    expect(ok.json).toMatchObject({ credId, data: { status: 'SUCCESS' } });
    expect((await list()).find((c) => c.credId === credId)?.status).toBe('ACTIVE');
    for (const body of [
      { credType: 'sms', credValue: '123' },
      { credType: 'email', credValue: 'not-mail' },
      { credType: 'totp', credValue: 'x' },
    ]) {
      expect((await h.call('POST', 'factor/v1/OTPRegistrar', { token, body })).status).toBe(400);
    }
  });

  it('MobileOTPRegistrar returns sharedSecret and tenantName; MobileOTPVerifier activates', async () => {
    const reg = await h.call('POST', 'factor/v1/MobileOTPRegistrar', {
      token,
      body: { credType: 'totp', credValue: 'New phone' },
    });
    expect(reg.json).toMatchObject({ credType: 'totp', credValue: 'New phone', tenantName: 'default' });
    expect(String(reg.json.sharedSecret)).toMatch(/^[A-Z2-7]{32}$/);
    const otp = totpCode(String(reg.json.sharedSecret), Date.now());
    const ok = await h.call('POST', 'factor/v1/MobileOTPVerifier', {
      token,
      body: { credId: reg.json.credId, credValue: 'New phone', otp },
    });
    expect(ok.json.data).toEqual({ status: 'SUCCESS' });
    expect((await list()).find((c) => c.credId === reg.json.credId)?.status).toBe('ACTIVE');
    expect(
      (
        await h.call('POST', 'factor/v1/MobileOTPRegistrar', {
          token,
          body: { credType: 'sms', credValue: 'x' },
        })
      ).status,
    ).toBe(400);
  });

  it('VIPCredentialRegistrar registers a totp_push credential', async () => {
    const ok = await h.call('POST', 'factor/v1/VIPCredentialRegistrar', {
      token,
      body: {
        vipCredentialID: 'VSMT99990000',
        credType: 'totp_push',
        credValue: 'My phone',
        language: 'en_US',
      },
    });
    expect(ok.json).toMatchObject({
      credId: 'VSMT99990000',
      credType: 'totp_push',
      data: { status: 'SUCCESS' },
    });
    expect((await list()).some((c) => c.credId === 'VSMT99990000')).toBe(true);
    const bad = await h.call('POST', 'factor/v1/VIPCredentialRegistrar', {
      token,
      body: { vipCredentialID: 'bad', credType: 'totp_push', credValue: 'x' },
    });
    expect(bad.status).toBe(400);
  });
});
