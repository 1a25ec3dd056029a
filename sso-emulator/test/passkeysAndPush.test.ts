import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD } from './harness.js';

// Issue 27 in the emulator: the unknown-credential code, the user's WebAuthn identity in MeCreds,
// conditional registration, and push number matching with its context.

const ORIGIN = 'http://localhost:8080';
const b64 = (text: string) => Buffer.from(text).toString('base64url');

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

describe('credentials the SSO does not know (WebAuthn signalUnknownCredential)', () => {
  /** A user-less passkey challenge answered with a credential id: only the lookup is exercised. */
  async function offer(credentialId: string, userName: string) {
    const challenge = await h.call('POST', 'factor/v1/FIDOAuthChallengeGenerator', {
      token: client,
      body: { documentDomain: ORIGIN, fidoCredType: 'PASSKEY', deviceTag: true },
    });
    return h.call('POST', 'factor/v1/FIDOAuthChallengeVerifier', {
      token: client,
      flowState: String(challenge.json.flowState),
      body: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: 'e30',
          authenticatorData: 'AA',
          signature: 'AA',
          userHandle: b64(userName),
        },
        fidoCredType: 'PASSKEY',
      },
    });
  }

  it('a credential id no user holds is 8800041; one that exists elsewhere stays 8800040', async () => {
    const unknown = await offer(b64('deleted-passkey'), 'paula.passkey');
    expect(unknown.status).toBe(404);
    expect(unknown.json.errorCode).toBe('8800041');
    await h.call('POST', '/_emulator/api/users/pat.password/credentials', {
      body: {
        credId: b64('pats-key'),
        credType: 'passkey',
        credValue: 'Laptop',
        webauthn: { publicKey: 'AA', counter: 0 },
      },
    });
    const elsewhere = await offer(b64('pats-key'), 'sam.sms');
    expect(elsewhere.json.errorCode).toBe('8800040');
  });
});

describe("MeCreds' WebAuthn identity and conditional registration", () => {
  it('names the relying party, the user handle and that passkeys may be registered', async () => {
    const token = (await h.signedIn('pat.password')).access_token;
    const reply = await h.call('GET', 'factor/v1/MeCreds', { token });
    expect(reply.json.webauthn).toEqual({
      rpId: 'localhost',
      userId: b64('pat.password'),
      passkeyRegistration: true,
    });
  });

  it("takes mediation 'conditional' on the registration challenge and refuses other values", async () => {
    const token = (await h.signedIn('pat.password')).access_token;
    const body = {
      userName: 'pat.password',
      deviceName: 'Passkey',
      documentDomain: ORIGIN,
      fidoCredType: 'PASSKEY',
      userAccessToken: true,
      noFlowState: true,
    };
    const conditional = await h.call('POST', 'factor/v1/FIDORegChallengeGenerator', {
      token,
      body: { ...body, mediation: 'conditional' },
    });
    expect(conditional.json.nextaction).toBe('PASSKEY_REGISTER_VERIFY_CHALLENGE');
    const other = await h.call('POST', 'factor/v1/FIDORegChallengeGenerator', {
      token,
      body: { ...body, mediation: 'silent' },
    });
    expect(other.status).toBe(400);
  });
});

describe('push number matching', () => {
  async function pushSent() {
    const start = await h.authenticate('pete.push', client);
    const fs = String(start.json.flowState);
    await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: fs,
      body: { password: PASSWORD },
    });
    const gen = await h.call('POST', 'factor/v1/PushGenerator', {
      token: client,
      flowState: fs,
      body: { credId: 'VSMT10000001', action: 'login', language: 'en_US', deviceTag: true },
    });
    const status = () =>
      h.call('POST', 'factor/v1/PushStatus', {
        token: client,
        flowState: fs,
        body: { credId: 'VSMT10000001' },
      });
    const [push] = (await h.call('GET', '/_emulator/api/pushes')).json as unknown as Array<{
      id: string;
      numberMatching: boolean;
    }>;
    return { gen, status, push: push as { id: string; numberMatching: boolean } };
  }

  it('off (the default): no number and no context, and Approve needs none', async () => {
    const { gen, push } = await pushSent();
    expect(gen.json.data).toEqual({ message: 'Push sent to Pete iPhone' });
    expect(push.numberMatching).toBe(false);
    expect((await h.call('POST', `/_emulator/api/pushes/${push.id}/approve`)).json.status).toBe(
      'AUTHENTICATED',
    );
  });

  it('on: the reply carries the number and the context; the right number approves', async () => {
    await h.call('POST', '/_emulator/api/settings', { body: { pushNumberMatching: 'on' } });
    const { gen, status, push } = await pushSent();
    const data = gen.json.data as { numberChallenge: string; signInContext: unknown };
    expect(data.numberChallenge).toMatch(/^[1-9]\d$/);
    expect(data.signInContext).toEqual({
      location: 'Local network (127.0.0.1)',
      application: 'Authentication Hub',
    });
    expect(push.numberMatching).toBe(true);
    const missing = await h.call('POST', `/_emulator/api/pushes/${push.id}/approve`);
    expect(missing.status).toBe(400);
    const approved = await h.call('POST', `/_emulator/api/pushes/${push.id}/approve`, {
      body: { number: data.numberChallenge },
    });
    expect(approved.json.status).toBe('AUTHENTICATED');
    expect((await status()).json.nextaction).toBe('AUTH_ALLOWED');
  });

  it('on: a wrong number rejects the push, also from the developer page', async () => {
    await h.call('POST', '/_emulator/api/settings', { body: { pushNumberMatching: 'on' } });
    const { gen, status, push } = await pushSent();
    const right = (gen.json.data as { numberChallenge: string }).numberChallenge;
    const wrong = right === '10' ? '11' : '10';
    const page = await h.call('GET', '/_emulator/');
    expect(page.text).toContain('Number shown at sign-in');
    expect(page.text).not.toContain(`>${right}<`);
    const answered = await h.call('POST', `/_emulator/pushes/${push.id}/approve`, {
      form: { number: wrong },
    });
    expect(answered.status).toBe(303);
    expect((await status()).json.data).toEqual({ status: 'REJECTED' });
  });
});
