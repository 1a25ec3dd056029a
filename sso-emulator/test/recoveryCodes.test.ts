import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalizeRecoveryCode } from '../src/factors/recoveryCodes.js';
import { Harness, PASSWORD } from './harness.js';

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

const RORY_CODES = ['7K3MZ9QH2D', 'R4T8WXC6PB', 'N2F5J9V3KE'];

/** Password, then the factor selection: choose the recovery code. */
async function atRecoveryCode(userName = 'rory.recovery') {
  const start = await h.authenticate(userName, client);
  const flowState = String(start.json.flowState);
  const selection = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState,
    body: { password: PASSWORD },
  });
  const chosen = await h.call('POST', 'auth/v1/SelectedFactor', {
    token: client,
    flowState,
    body: { factor: 'RECOVERYCODE' },
  });
  const enter = (code: string) =>
    h.call('POST', 'factor/v1/RecoveryCodeAuthenticator', { token: client, flowState, body: { code } });
  return { selection, chosen, enter };
}

describe('recovery codes at sign-in', () => {
  it('a user with codes is offered RECOVERYCODE beside the step factor, and gets RECOVERYCODE_AUTH', async () => {
    const { selection, chosen } = await atRecoveryCode();
    expect(selection.json).toMatchObject({
      nextaction: 'FACTOR_SELECTION',
      currentFactors: ['SMSOTP', 'RECOVERYCODE'],
    });
    expect(chosen.json.nextaction).toBe('RECOVERYCODE_AUTH');
  });

  it('a user without codes is not offered one', async () => {
    const start = await h.authenticate('sam.sms', client);
    const reply = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: String(start.json.flowState),
      body: { password: PASSWORD },
    });
    expect(reply.json.nextaction).toBe('SMS_OTP_SELECTION');
  });

  it('a right code (as typed: lower case, a hyphen) signs in once; the same code again is refused', async () => {
    const first = await atRecoveryCode();
    const allowed = await first.enter('7k3mz-9qh2d');
    expect(allowed.json.nextaction).toBe('AUTH_ALLOWED');
    const second = await atRecoveryCode();
    const again = await second.enter(RORY_CODES[0] ?? '');
    expect(again.status).toBe(401);
    expect(again.json).toMatchObject({ errorCode: '8800023', errorMessage: 'Invalid recovery code' });
  });

  it('five wrong codes lock the user out, even for a right code, until 15 minutes pass', async () => {
    const { enter } = await atRecoveryCode();
    for (let i = 0; i < 4; i += 1) expect((await enter('AAAAAAAAAA')).json.errorCode).toBe('8800023');
    const fifth = await enter('AAAAAAAAAA');
    expect(fifth.status).toBe(403);
    expect(fifth.json.errorCode).toBe('8800024');
    expect((await enter(RORY_CODES[1] ?? '')).json.errorCode).toBe('8800024');
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 15 * 60_000 + 1 } });
    const later = await atRecoveryCode();
    expect((await later.enter(RORY_CODES[1] ?? '')).json.nextaction).toBe('AUTH_ALLOWED');
  });

  it('a code is only for its step: RecoveryCodeAuthenticator before choosing it is refused', async () => {
    const start = await h.authenticate('rory.recovery', client);
    const reply = await h.call('POST', 'factor/v1/RecoveryCodeAuthenticator', {
      token: client,
      flowState: String(start.json.flowState),
      body: { code: RORY_CODES[2] },
    });
    expect(reply.status).toBe(400);
  });
});

describe('MeRecoveryCodes', () => {
  it('counts what is left, and a new set replaces the old one', async () => {
    const { access_token: token } = await h.signedIn('sam.sms');
    expect((await h.call('GET', 'factor/v1/MeRecoveryCodes', { token })).json).toEqual({
      remaining: 0,
      createdDatetime: null,
    });
    const made = await h.call('POST', 'factor/v1/MeRecoveryCodes', { token, body: {} });
    const codes = made.json.codes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(codes).size).toBe(10);
    expect((await h.call('GET', 'factor/v1/MeRecoveryCodes', { token })).json.remaining).toBe(10);

    // sam.sms now has codes: the SMS step becomes a selection that offers one.
    const { enter } = await atRecoveryCode('sam.sms');
    expect((await enter(codes[3] ?? '')).json.nextaction).toBe('AUTH_ALLOWED');
    expect((await h.call('GET', 'factor/v1/MeRecoveryCodes', { token })).json.remaining).toBe(9);

    const remade = await h.call('POST', 'factor/v1/MeRecoveryCodes', { token, body: {} });
    expect(remade.json.remaining).toBe(10);
    const stale = await atRecoveryCode('sam.sms');
    expect((await stale.enter(codes[4] ?? '')).json.errorCode).toBe('8800023');
  });

  it('needs the user token', async () => {
    expect((await h.call('GET', 'factor/v1/MeRecoveryCodes', { token: client })).status).toBe(401);
    expect((await h.call('POST', 'factor/v1/MeRecoveryCodes', { token: client, body: {} })).status).toBe(401);
  });
});

describe('normalizeRecoveryCode', () => {
  it('reads what people type', () => {
    expect(normalizeRecoveryCode(' 7k3mz-9qh2d ')).toBe('7K3MZ9QH2D');
    expect(normalizeRecoveryCode('ilo')).toBe('110');
  });
});
