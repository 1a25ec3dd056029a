import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD } from './harness.js';

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

describe('auth/v1/authenticate', () => {
  it('starts a transaction with a flow state and PASSWORD_AUTH for a password user', async () => {
    const res = await h.authenticate('Pat.Password', client);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ nextaction: 'PASSWORD_AUTH', userName: 'pat.password' });
    expect(res.json.flowState).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['x-flow-state']).toBe(res.json.flowState);
    expect(res.json.additional).toMatchObject({ currentFactorLevel: 1, isTrustedDeviceEnabled: false });
  });

  it('password only: PasswordAuthenticator ends in AUTH_ALLOWED with an id_token', async () => {
    const start = await h.authenticate('pat.password', client);
    const wrong = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: start.json.flowState,
      body: { password: 'nope', deviceTag: true },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.errorCode).toBe('8800011');
    const ok = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: start.json.flowState,
      body: { password: PASSWORD, deviceTag: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.nextaction).toBe('AUTH_ALLOWED');
    expect(typeof ok.json.id_token).toBe('string');
  });

  it('unknown user → 8800004, disabled → 8800015, denied → AUTH_DENIED', async () => {
    const unknown = await h.authenticate('nobody', client);
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ errorCode: '8800004', errorMessage: 'User not found' });
    const disabled = await h.authenticate('dora.disabled', client);
    expect(disabled.status).toBe(403);
    expect(disabled.json).toEqual({ errorCode: '8800015', errorMessage: 'The user is disabled' });
    const denied = await h.authenticate('dan.denied', client);
    expect(denied.json.nextaction).toBe('AUTH_DENIED');
  });

  it('rejects bad bodies with 400 errorCode/errorMessage, never 500', async () => {
    for (const body of [
      {},
      { channel: 'web', action: 'authenticate', subject: 42 },
      { channel: 'mobile', action: 'authenticate', subject: 'x' },
      [1, 2],
    ]) {
      const res = await h.call('POST', 'auth/v1/authenticate', { token: client, body });
      expect(res.status).toBe(400);
      expect(res.json.errorCode).toBe('0000400');
      expect(typeof res.json.errorMessage).toBe('string');
    }
    const malformed = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    const raw = await h.app.inject({
      method: 'POST',
      url: '/default/auth/v1/authenticate',
      headers: { authorization: `Bearer ${client}`, 'content-type': 'application/json' },
      payload: '{"channel":',
    });
    expect(raw.statusCode).toBe(400);
    expect(JSON.parse(raw.body).errorCode).toBeTypeOf('string');
  });

  it('accepts the full authenticate body of spec section 3', async () => {
    const res = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      headers: { 'x-client-transaction-id': '0f8fad5b-d9cb-469f-a165-70867728950e', 'x-device-tag': 'tag' },
      body: {
        channel: 'web',
        action: 'authenticate',
        subject: 'sam.sms',
        rememberMe: true,
        trustedDeviceID: 'td-1',
        authContext: [{ key: 'fidoIdentifier', value: 'abc' }],
        device: { signature: { iaAuthData: 'blob' } },
        clientContext: [
          { key: 'deviceprint', value: 'x' },
          { key: 'rememberme', value: 'true' },
        ],
        latestFlowState: true,
        deviceTag: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.nextaction).toBe('PASSWORD_AUTH');
  });

  it('requires a valid bearer token: 401 0000005', async () => {
    const none = await h.authenticate('pat.password', '');
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ errorCode: '0000005', errorMessage: 'invalid access token' });
    const bad = await h.authenticate('pat.password', 'not-a-jwt');
    expect(bad.json.errorCode).toBe('0000005');
  });

  it('flow state: a wrong one or an expired one gets 0000010', async () => {
    const wrong = await h.authenticate('pat.password', client, 'forged');
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ errorCode: '0000010', errorMessage: 'Invalid X-Flow-State header' });
    const start = await h.authenticate('pat.password', client);
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 16 * 60_000 } });
    const fresh = await h.clientToken();
    const expired = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: fresh,
      flowState: start.json.flowState,
      body: { password: PASSWORD },
    });
    expect(expired.json.errorCode).toBe('0000010');
  });

  it('resetFlow with an x-flow-state returns a new flow state and keeps the oauth2 flow', async () => {
    const startRes = await h.call('GET', '/_emulator/rp/start?portal=http://localhost:8080');
    const location = String(startRes.headers.location);
    const fs = new URL(location).searchParams.get('x-flow-state') ?? '';
    const reset = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      flowState: fs,
      body: { resetFlow: true, subject: 'pat.password' },
    });
    expect(reset.status).toBe(200);
    expect(reset.json.flowState).toBeTypeOf('string');
    expect(reset.json.flowState).not.toBe(fs);
    const old = await h.authenticate('pat.password', client, fs);
    expect(old.json.errorCode).toBe('0000010');
    const next = await h.authenticate('pat.password', client, String(reset.json.flowState));
    const done = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: String(next.json.flowState),
      body: { password: PASSWORD },
    });
    expect(done.json.authCompleteUrl).toMatch(
      /^http:\/\/localhost:8090\/default\/oauth2\/v1\/authcomplete\?completion_secret=[A-Za-z0-9_-]{43}$/,
    );
    const badReset = await h.call('POST', 'auth/v1/authenticate', {
      token: client,
      body: { resetFlow: 'yes' },
    });
    expect(badReset.status).toBe(400);
    const noFs = await h.call('POST', 'auth/v1/authenticate', { token: client, body: { resetFlow: true } });
    expect(noFs.json.errorCode).toBe('0000010');
  });
});
