import {
  clientTokenAtom,
  flowStateAtom,
  serviceUrlAtom,
  userTokenAtom,
  portalStore,
} from '@portal/shared/session';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { beforeEach, describe, expect, it } from 'vitest';
import { factorApi } from '../src/api/client';

const SERVICE = 'http://sso.test/default/';
const PROXY = '/common/portal/proxy/';

beforeEach(() => {
  portalStore.set(serviceUrlAtom, SERVICE);
  portalStore.set(clientTokenAtom, 'client-1');
  // A signed-in user's token must never go on a sign-in call.
  portalStore.set(userTokenAtom, 'user-1');
  portalStore.set(flowStateAtom, 'fs-1');
});

const server = () => fakeServer({ base: [SERVICE, PROXY] });

describe("the factor screens' calls go through the kernel's transport, inside the sign-in flow", () => {
  it('client token and flow state on every call; the device tag header and marker where the spec says', async () => {
    const fake = server()
      .on('POST', 'factor/v1/OTPGenerator', { json: { nextaction: 'SMS_OTP_AUTH' } })
      .on('POST', 'factor/v1/OTPVerifier', { json: { nextaction: 'AUTHENTICATED' } });
    await factorApi.generateOtp('sms-1', 'sms');
    await factorApi.verifyOtp('sms-1', '123456');
    const [generate, verify] = fake.requests;
    for (const request of [generate, verify]) {
      expect(request?.headers.get('Authorization')).toBe('Bearer client-1');
      expect(request?.headers.get('X-Flow-State')).toBe('fs-1');
    }
    expect(generate?.headers.get('X-Device-Tag')).toBe('true');
    expect(generate?.body).toEqual({ credId: 'sms-1', credType: 'sms', action: 'login', deviceTag: true });
    expect(verify?.headers.get('X-Device-Tag')).toBeNull();
    expect(verify?.body).toEqual({ credId: 'sms-1', otp: '123456' });
  });

  it('factor selection, choose another and restore last action share SelectedFactor', async () => {
    const fake = server().on('POST', 'auth/v1/SelectedFactor', { json: { nextaction: 'FACTOR_SELECTION' } });
    await factorApi.selectFactor('SMSOTP');
    await factorApi.chooseAnotherFactor();
    await factorApi.restoreLastAction();
    expect(fake.requests.map((request) => request.body)).toEqual([
      { factor: 'SMSOTP' },
      { action: 'chooseanother' },
      { action: 'restorelastaction', latestFlowState: true },
    ]);
  });

  it('enrolment during sign-in: the registrars with the client token, the flow state and the device tag', async () => {
    const fake = server()
      .on('POST', 'factor/v1/OTPRegistrar', { json: { credId: 'new-1', credType: 'sms' } })
      .on('POST', 'factor/v1/VIPCredentialRegistrar', { json: { nextaction: 'PUSH_REGISTRATION_STATUS' } });
    const registered = await factorApi.enrolOtp({ credType: 'sms', credValue: '+1 555', language: 'en_US' });
    expect(registered).toMatchObject({ ok: true, data: { credId: 'new-1' } });
    const push = {
      vipCredentialID: 'VSMT12345678',
      credType: 'totp_push',
      credValue: 'phone',
      language: 'en_US',
    };
    await factorApi.enrolPushCredential(push);
    const [otp, vip] = fake.requests;
    expect(otp?.body).toEqual({
      credType: 'sms',
      credValue: '+1 555',
      language: 'en_US',
      default: true,
      deviceTag: true,
    });
    expect(vip?.body).toEqual({ ...push, deviceTag: true });
    for (const request of [otp, vip]) {
      expect(request?.headers.get('Authorization')).toBe('Bearer client-1');
      expect(request?.headers.get('X-Flow-State')).toBe('fs-1');
      expect(request?.headers.get('X-Device-Tag')).toBe('true');
    }
  });

  it('FIDO: the verifier through the proxy; inline registration with the client token and the flow state', async () => {
    const fake = server()
      .on('POST', 'factor/v1/FIDOAuthChallengeVerifier', { json: { nextaction: 'AUTHENTICATED' } })
      .on('POST', 'factor/v1/FIDORegChallengeGenerator', {
        json: { nextaction: 'PASSKEY_REGISTER_VERIFY_CHALLENGE' },
      })
      .on('POST', 'factor/v1/FIDORegChallengeVerifier', { json: {} });
    await factorApi.fidoAuthVerify({ id: 'abc' });
    await factorApi.fidoInlineRegChallenge({ userName: 'paula', fidoCredType: 'PASSKEY' });
    await factorApi.fidoInlineRegVerify({ id: 'cred' }, 'PASSKEY');
    const [verify, challenge, registration] = fake.requests;
    expect(verify?.url).toBe(`${PROXY}factor/v1/FIDOAuthChallengeVerifier`);
    expect(challenge?.headers.get('Authorization')).toBe('Bearer client-1');
    expect(challenge?.headers.get('X-Flow-State')).toBe('fs-1');
    expect(challenge?.headers.get('X-Device-Tag')).toBe('true');
    expect(challenge?.body).toEqual({
      userName: 'paula',
      deviceName: 'PASSKEY',
      documentDomain: globalThis.location.origin,
      fidoCredType: 'PASSKEY',
      deviceTag: true,
    });
    expect(registration?.headers.get('X-Device-Tag')).toBeNull();
    expect(registration?.body).toEqual({ id: 'cred', fidoCredType: 'PASSKEY', deviceName: 'PASSKEY' });
  });
});
