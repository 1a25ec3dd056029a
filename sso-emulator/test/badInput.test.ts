import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './harness.js';

let h: Harness;
let client: string;
let user: string;
beforeAll(async () => {
  h = await Harness.start();
  client = await h.clientToken();
  user = (await h.signedIn('felix.factors')).access_token;
});
afterAll(() => h.close());

type Method = 'POST' | 'PUT' | 'DELETE';
const CLIENT_CALLS: Array<[Method, string]> = [
  ['POST', 'auth/v1/authenticate'],
  ['POST', 'auth/v1/SelectedFactor'],
  ['POST', 'factor/v1/PasswordAuthenticator'],
  ['POST', 'factor/v1/CustomAuthenticator'],
  ['POST', 'factor/v1/PushGenerator'],
  ['POST', 'factor/v1/PushStatus'],
  ['POST', 'factor/v1/OTPGenerator'],
  ['POST', 'factor/v1/OTPVerifier'],
  ['POST', 'factor/v1/MobileOTPVerifier'],
  ['POST', 'factor/v1/FIDOAuthChallengeGenerator'],
  ['POST', 'factor/v1/FIDOAuthChallengeVerifier'],
  ['PUT', 'factor/v1/MePasswordUpdater'],
];
const USER_CALLS: Array<[Method, string]> = [
  ['POST', 'factor/v1/OTPRegistrar'],
  ['POST', 'factor/v1/OTPVerifier'],
  ['POST', 'factor/v1/MobileOTPRegistrar'],
  ['POST', 'factor/v1/MobileOTPVerifier'],
  ['POST', 'factor/v1/VIPCredentialRegistrar'],
  ['POST', 'factor/v1/FIDORegChallengeGenerator'],
  ['POST', 'factor/v1/FIDORegChallengeVerifier'],
  ['PUT', 'factor/v1/MeCreds/sms-felix-1'],
  ['PUT', 'factor/v1/MePasswordUpdater'],
];
const BAD_BODIES: unknown[] = [{}, [], 'text', 42, null, { credId: 7, otp: true, factor: {}, password: [] }];

describe('bad input never yields a 500', () => {
  it.each(CLIENT_CALLS)('%s %s (client token) → 4xx { errorCode, errorMessage }', async (method, path) => {
    const start = await h.authenticate('felix.factors', client);
    for (const body of BAD_BODIES) {
      const res = await h.call(method, path, {
        token: client,
        flowState: String(start.json.flowState),
        body,
      });
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json.errorCode).toBeTypeOf('string');
      expect(res.json.errorMessage).toBeTypeOf('string');
    }
  });

  it.each(USER_CALLS)('%s %s (user token) → 4xx { errorCode, errorMessage }', async (method, path) => {
    for (const body of BAD_BODIES) {
      const res = await h.call(method, path, { token: user, body });
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json.errorCode).toBeTypeOf('string');
    }
  });

  it('invalid JSON text and an empty JSON body on DELETE', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/default/factor/v1/OTPGenerator',
      headers: { authorization: `Bearer ${client}`, 'content-type': 'application/json' },
      payload: '{"credId":',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ errorCode: '0000400' });
    const del = await h.app.inject({
      method: 'DELETE',
      url: '/default/factor/v1/MeCreds/email-felix-1',
      headers: { authorization: `Bearer ${user}`, 'content-type': 'application/json' },
    });
    expect(del.statusCode).toBe(200);
    const unknownPath = await h.call('POST', 'factor/v1/Nope', { token: client, body: {} });
    expect(unknownPath.json).toEqual({ errorCode: '0000404', errorMessage: 'Not found' });
  });

  it('a password call without a password is a 400', async () => {
    const start = await h.authenticate('pat.password', client);
    const res = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: String(start.json.flowState),
      body: { password: '' },
    });
    expect(res.status).toBe(400);
  });
});
