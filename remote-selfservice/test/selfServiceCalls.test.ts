import { flowStateAtom, serviceUrlAtom, userTokenAtom } from '@portal/shared/session';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createSelfServiceClient } from '../src/api/client';

// What the server receives from the self-service calls (spec section 7): every one signed in,
// with the user token and never a sign-in flow's state.

const SERVICE = 'http://sso.test/default/';

function setup() {
  const store = createStore();
  store.set(serviceUrlAtom, SERVICE);
  store.set(userTokenAtom, 'user-1');
  store.set(flowStateAtom, 'left-over');
  const server = fakeServer({ base: SERVICE, global: false });
  const api = createSelfServiceClient({
    store,
    fetch: server.fetch,
    now: () => 0,
    origin: () => 'http://localhost:8080',
  });
  return { api, server };
}

describe('the self-service calls', () => {
  it('list the credentials with the user token', async () => {
    const { api, server } = setup();
    server.on('GET', 'factor/v1/MeCreds', { json: [] });
    await api.listCredentials();
    const [request] = server.requestsTo('GET', 'factor/v1/MeCreds');
    expect(request?.url).toBe(`${SERVICE}factor/v1/MeCreds`);
    expect(request?.headers.get('Authorization')).toBe('Bearer user-1');
    expect(request?.headers.has('X-Flow-State')).toBe(false);
  });

  it('read credentials as a list or inside { credentials }; an unknown status is unreadable', async () => {
    const cred = { credId: '1', credType: 'sms', status: 'ACTIVE' };
    const { api, server } = setup();
    server.on(
      'GET',
      'factor/v1/MeCreds',
      { json: [cred] },
      { json: { credentials: [cred] } },
      { json: [{ ...cred, status: 'WEIRD' }] },
    );
    expect(await api.listCredentials()).toMatchObject({ ok: true, data: [cred] });
    expect(await api.listCredentials()).toMatchObject({ ok: true, data: [cred] });
    expect(await api.listCredentials()).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });

  it('FIDO registration: user token, no flow-state header, upper-cased type and the body markers', async () => {
    const { api, server } = setup();
    server.on('POST', 'factor/v1/FIDORegChallengeGenerator', { json: { challenge: 'c' } });
    server.on('POST', 'factor/v1/FIDORegChallengeVerifier', { json: { nextaction: 'AUTH_ALLOWED' } });
    await api.fidoRegChallenge({ userName: 'ann', deviceName: 'laptop', fidoCredType: 'passkey' });
    await api.fidoRegVerify({ id: 'abc' }, 'passkey');
    const [challenge, verify] = server.requests;
    for (const request of [challenge, verify]) {
      expect(request?.headers.has('X-Flow-State')).toBe(false);
      expect(request?.headers.get('Authorization')).toBe('Bearer user-1');
    }
    expect(challenge?.body).toEqual({
      userName: 'ann',
      deviceName: 'laptop',
      documentDomain: 'http://localhost:8080',
      fidoCredType: 'PASSKEY',
      userAccessToken: true,
      noFlowState: true,
    });
    expect(verify?.body).toEqual({
      id: 'abc',
      fidoCredType: 'PASSKEY',
      userAccessToken: true,
      noFlowState: true,
    });
  });

  it('the code and app registrations carry the user token and no device tag', async () => {
    const { api, server } = setup();
    server.on('POST', /factor\/v1\//, { json: {} });
    await api.registerOtp({ credType: 'email', credValue: 'a@b.c', language: 'en-US' });
    await api.verifyOtp('c1', '123456');
    await api.registerMobileOtp('totp', 'my phone');
    await api.verifyMobileOtp({ credId: 'c2', credValue: 'my phone', otp: '654321' });
    await api.registerVipCredential({
      vipCredentialID: 'VSMT12345678',
      credType: 'totp_push',
      credValue: 'phone',
      language: 'en-US',
    });
    expect(server.requests.map((request) => [request.path, request.body])).toEqual([
      ['factor/v1/OTPRegistrar', { credType: 'email', credValue: 'a@b.c', language: 'en-US' }],
      ['factor/v1/OTPVerifier', { credId: 'c1', otp: '123456' }],
      ['factor/v1/MobileOTPRegistrar', { credType: 'totp', credValue: 'my phone' }],
      ['factor/v1/MobileOTPVerifier', { credId: 'c2', credValue: 'my phone', otp: '654321' }],
      [
        'factor/v1/VIPCredentialRegistrar',
        { vipCredentialID: 'VSMT12345678', credType: 'totp_push', credValue: 'phone', language: 'en-US' },
      ],
    ]);
    for (const request of server.requests) {
      expect(request.headers.get('Authorization')).toBe('Bearer user-1');
      expect(request.headers.has('X-Device-Tag')).toBe(false);
    }
  });
});
