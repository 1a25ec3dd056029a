import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD, Harness } from './harness.js';

// Where the FIDO challenge generators put the WebAuthn options (dev API fido/placement).

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

const ORIGIN = 'http://localhost:8080';

/** fiona.fido with a registered biometric, at her FIDO step: the flow state. */
async function atFidoStep(): Promise<string> {
  await h.call('POST', '/_emulator/api/users/fiona.fido/credentials', {
    body: {
      credType: 'fido',
      credValue: 'Laptop',
      credId: 'Y3JlZA',
      webauthn: { publicKey: 'AAAA', counter: 0 },
    },
  });
  const start = await h.authenticate('fiona.fido', client);
  const flowState = String(start.json.flowState);
  const password = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState,
    body: { password: PASSWORD },
  });
  expect(password.json.nextaction).toBe('FIDO_AUTH_GENERATE_CHALLENGE');
  return flowState;
}

const authChallenge = (flowState: string) =>
  h.call('POST', 'factor/v1/FIDOAuthChallengeGenerator', {
    token: client,
    flowState,
    body: { documentDomain: ORIGIN, fidoCredType: 'FIDO', deviceTag: true },
  });

describe('FIDO option placement', () => {
  it('puts the request options in data by default, then where the dev API says, until a reset', async () => {
    expect((await h.call('GET', '/_emulator/api/fido/placement')).json).toEqual({ placement: 'data' });
    const flowState = await atFidoStep();

    const inData = await authChallenge(flowState);
    expect(inData.json).toMatchObject({
      nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE',
      data: { rpId: 'localhost' },
    });
    expect(inData.json).not.toHaveProperty('publicKey');

    await h.call('POST', '/_emulator/api/fido/placement', { body: { placement: 'publicKey' } });
    const inPublicKey = await authChallenge(flowState);
    expect(inPublicKey.json).toMatchObject({
      nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE',
      publicKey: { allowCredentials: [{ id: 'Y3JlZA' }] },
    });
    expect(inPublicKey.json).not.toHaveProperty('data');

    await h.call('POST', '/_emulator/api/fido/placement', { body: { placement: 'top' } });
    const atTop = await authChallenge(flowState);
    expect(atTop.json).toMatchObject({
      nextaction: 'FIDO_AUTH_VERIFY_CHALLENGE',
      flowState,
      rpId: 'localhost',
    });
    expect(typeof atTop.json.challenge).toBe('string');

    await h.call('POST', '/_emulator/api/reset');
    expect((await h.call('GET', '/_emulator/api/fido/placement')).json).toEqual({ placement: 'data' });
  });

  it('places the registration (creation) options the same way', async () => {
    const { access_token } = await h.signedIn();
    await h.call('POST', '/_emulator/api/fido/placement', { body: { placement: 'publicKey' } });
    const reply = await h.call('POST', 'factor/v1/FIDORegChallengeGenerator', {
      token: access_token,
      body: {
        userName: 'pat.password',
        deviceName: 'Laptop',
        documentDomain: ORIGIN,
        fidoCredType: 'PASSKEY',
        userAccessToken: true,
        noFlowState: true,
      },
    });
    expect(reply.json).toMatchObject({
      nextaction: 'PASSKEY_REGISTER_VERIFY_CHALLENGE',
      publicKey: { user: { name: 'pat.password' }, authenticatorSelection: { residentKey: 'required' } },
    });
  });

  it('refuses a placement it does not know', async () => {
    const refused = await h.call('POST', '/_emulator/api/fido/placement', { body: { placement: 'header' } });
    expect(refused.status).toBe(400);
    expect((await h.call('GET', '/_emulator/api/fido/placement')).json).toEqual({ placement: 'data' });
  });
});
