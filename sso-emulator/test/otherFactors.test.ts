import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD } from './harness.js';

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start({ EMULATOR_PUSH_TIMEOUT_MS: '5000' });
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
const pushes = async () =>
  JSON.parse((await h.call('GET', '/_emulator/api/pushes')).text) as Array<{ id: string; status: string }>;

describe('push', () => {
  it('PUSH_SELECTION → PushGenerator PUSH_AUTH → pending → approved → AUTHENTICATED and AUTH_ALLOWED', async () => {
    const { fs, reply } = await afterPassword('pete.push');
    expect(reply.json.nextaction).toBe('PUSH_SELECTION');
    const gen = await h.call('POST', 'factor/v1/PushGenerator', {
      token: client,
      flowState: fs,
      body: { credId: 'VSMT10000001', action: 'login', language: 'en_US', deviceTag: true },
    });
    expect(gen.json.nextaction).toBe('PUSH_AUTH');
    const status = () =>
      h.call('POST', 'factor/v1/PushStatus', {
        token: client,
        flowState: fs,
        body: { credId: 'VSMT10000001', deviceTag: true },
      });
    expect((await status()).json.data).toEqual({ status: 'PENDING' });
    const [push] = await pushes();
    expect(push?.status).toBe('PENDING');
    const approve = await h.call('POST', `/_emulator/api/pushes/${push?.id}/approve`);
    expect(approve.status).toBe(200);
    const done = await status();
    expect(done.json).toMatchObject({ nextaction: 'AUTH_ALLOWED', data: { status: 'AUTHENTICATED' } });
    expect(done.json.id_token).toBeTypeOf('string');
  });

  it('rejected and timed out pushes', async () => {
    const { fs } = await afterPassword('pete.push');
    const gen = () =>
      h.call('POST', 'factor/v1/PushGenerator', {
        token: client,
        flowState: fs,
        body: { credId: 'VSMT10000001', action: 'login' },
      });
    const status = () =>
      h.call('POST', 'factor/v1/PushStatus', {
        token: client,
        flowState: fs,
        body: { credId: 'VSMT10000001' },
      });
    await gen();
    const [first] = await pushes();
    await h.call('POST', `/_emulator/api/pushes/${first?.id}/reject`);
    expect((await status()).json.data).toEqual({ status: 'REJECTED' });
    const again = await h.call('POST', `/_emulator/api/pushes/${first?.id}/approve`);
    expect(again.status).toBe(409);
    await gen();
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 6000 } });
    expect((await status()).json.data).toEqual({ status: 'TIMED_OUT' });
  });

  it('bad inputs', async () => {
    const { fs } = await afterPassword('pete.push');
    const badAction = await h.call('POST', 'factor/v1/PushGenerator', {
      token: client,
      flowState: fs,
      body: { credId: 'VSMT10000001', action: 'x' },
    });
    expect(badAction.status).toBe(400);
    const other = await h.call('POST', 'factor/v1/PushGenerator', {
      token: client,
      flowState: fs,
      body: { credId: 'sms-sam-1', action: 'login' },
    });
    expect(other.status).toBe(404);
    const noPush = await h.call('POST', 'factor/v1/PushStatus', {
      token: client,
      flowState: fs,
      body: { credId: 'VSMT10000001' },
    });
    expect(noPush.status).toBe(400);
    const badStatus = await h.call('POST', 'factor/v1/PushStatus', {
      token: client,
      flowState: fs,
      body: {},
    });
    expect(badStatus.status).toBe(400);
    const badId = await h.call('POST', '/_emulator/api/pushes/not-a-uuid/approve');
    expect(badId.status).toBe(400);
  });
});

describe('custom token-code factor (securid)', () => {
  const body = (code: string) => ({
    operationalContext: [{ key: 'flowId', value: 'securid' }],
    credData: [{ key: 'code', value: code }],
  });
  it('CUSTOM_AUTH with customFlowId securid; Reject, then Accept', async () => {
    const { fs, reply } = await afterPassword('sid.securid');
    expect(reply.json.nextaction).toBe('CUSTOM_AUTH');
    expect(reply.json.additional).toMatchObject({ customFlowId: 'securid' });
    const reject = await h.call('POST', 'factor/v1/CustomAuthenticator', {
      token: client,
      flowState: fs,
      body: body('00000000'),
    });
    expect(reject.json).toMatchObject({ nextaction: 'CUSTOM_AUTH', data: { status: 'Reject' } });
    const ok = await h.call('POST', 'factor/v1/CustomAuthenticator', {
      token: client,
      flowState: fs,
      body: body('12345678'),
    });
    expect(ok.json.nextaction).toBe('AUTH_ALLOWED');
  });
  it('Terminate denies the transaction; bad bodies get 400', async () => {
    const { fs } = await afterPassword('sid.securid');
    const bad = await h.call('POST', 'factor/v1/CustomAuthenticator', {
      token: client,
      flowState: fs,
      body: { credData: 'x' },
    });
    expect(bad.status).toBe(400);
    const noFlow = await h.call('POST', 'factor/v1/CustomAuthenticator', {
      token: client,
      flowState: fs,
      body: {
        operationalContext: [{ key: 'flowId', value: 'other' }],
        credData: [{ key: 'code', value: '1' }],
      },
    });
    expect(noFlow.status).toBe(400);
    const term = await h.call('POST', 'factor/v1/CustomAuthenticator', {
      token: client,
      flowState: fs,
      body: body('99999999'),
    });
    expect(term.json).toMatchObject({ nextaction: 'AUTH_DENIED', data: { status: 'Terminate' } });
    const after = await h.call('POST', 'factor/v1/CustomAuthenticator', {
      token: client,
      flowState: fs,
      body: body('12345678'),
    });
    expect(after.json.errorCode).toBe('8800030');
  });
});

describe('factor selection', () => {
  it('FACTOR_SELECTION with currentFactors and customFactorOptions; select, choose another, restore last action', async () => {
    const { fs, reply } = await afterPassword('felix.factors');
    expect(reply.json.nextaction).toBe('FACTOR_SELECTION');
    expect(reply.json.currentFactors).toEqual([
      'SMSOTP',
      'EMAILOTP',
      'MOBILEOTP',
      'PUSH',
      'FIDO',
      'CUSTOM/securid',
      'IDP/corp',
    ]);
    expect(reply.json.customFactorOptions).toEqual({
      'CUSTOM/securid': 'RSA SecurID',
      'IDP/corp': 'Corporate SSO - Internal',
    });
    const sel = await h.call('POST', 'auth/v1/SelectedFactor', {
      token: client,
      flowState: fs,
      body: { factor: 'EMAILOTP' },
    });
    expect(sel.json.nextaction).toBe('EMAIL_OTP_SELECTION');
    const other = await h.call('POST', 'auth/v1/SelectedFactor', {
      token: client,
      flowState: fs,
      body: { action: 'chooseanother' },
    });
    expect(other.json.nextaction).toBe('FACTOR_SELECTION');
    expect(other.json.currentFactors).toHaveLength(7);
    const sel2 = await h.call('POST', 'auth/v1/SelectedFactor', {
      token: client,
      flowState: fs,
      body: { factor: 'CUSTOM/securid' },
    });
    expect(sel2.json.nextaction).toBe('CUSTOM_AUTH');
    const restored = await h.call('POST', 'auth/v1/SelectedFactor', {
      token: client,
      flowState: fs,
      body: { action: 'restorelastaction', latestFlowState: true },
    });
    expect(restored.json).toMatchObject({ nextaction: 'CUSTOM_AUTH', skipFactorAutoRedirect: true });
    const idp = await h.call('POST', 'auth/v1/SelectedFactor', {
      token: client,
      flowState: fs,
      body: { factor: 'IDP/corp' },
    });
    expect(idp.json.nextaction).toBe('IDP_AUTH');
    const fido = await h.call('POST', 'auth/v1/SelectedFactor', {
      token: client,
      flowState: fs,
      body: { factor: 'FIDO' },
    });
    expect(fido.json.nextaction).toBe('FIDO_REGISTER_GENERATE_CHALLENGE');
  });
  it('bad inputs: unknown code, factor not offered, garbage action', async () => {
    const { fs } = await afterPassword('felix.factors');
    for (const body of [{ factor: 'BANANA' }, { action: 'explode' }, {}]) {
      const res = await h.call('POST', 'auth/v1/SelectedFactor', { token: client, flowState: fs, body });
      expect(res.status).toBe(400);
    }
    const notOffered = await h.call('POST', 'auth/v1/SelectedFactor', {
      token: client,
      flowState: fs,
      body: { factor: 'PASSKEY' },
    });
    expect(notOffered.json.errorCode).toBe('8800030');
    const noFs = await h.call('POST', 'auth/v1/SelectedFactor', {
      token: client,
      body: { factor: 'SMSOTP' },
    });
    expect(noFs.json.errorCode).toBe('0000010');
  });
});

describe('password change required', () => {
  it('428 1003033 CHANGE_PASSWORD, then MePasswordUpdater with the flow state signs in', async () => {
    const start = await h.authenticate('chris.change', client);
    const fs = String(start.json.flowState);
    const pw = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: fs,
      body: { password: PASSWORD },
    });
    expect(pw.status).toBe(428);
    expect(pw.json).toMatchObject({ errorCode: '1003033', nextaction: 'CHANGE_PASSWORD', flowState: fs });
    const short = await h.call('PUT', 'factor/v1/MePasswordUpdater', {
      token: client,
      flowState: fs,
      body: { currentPassword: PASSWORD, newPassword: 'x' },
    });
    expect(short.status).toBe(400);
    const wrong = await h.call('PUT', 'factor/v1/MePasswordUpdater', {
      token: client,
      flowState: fs,
      body: { currentPassword: 'nope', newPassword: 'N3w-Passw0rd!' },
    });
    expect(wrong.json.data).toMatchObject({ passwordUpdated: false });
    const ok = await h.call('PUT', 'factor/v1/MePasswordUpdater', {
      token: client,
      flowState: fs,
      body: { currentPassword: PASSWORD, newPassword: 'N3w-Passw0rd!' },
    });
    expect(ok.json).toMatchObject({ nextaction: 'AUTH_ALLOWED', data: { passwordUpdated: true } });
    const again = await h.authenticate('chris.change', client);
    const newPw = await h.call('POST', 'factor/v1/PasswordAuthenticator', {
      token: client,
      flowState: String(again.json.flowState),
      body: { password: 'N3w-Passw0rd!' },
    });
    expect(newPw.json.nextaction).toBe('AUTH_ALLOWED');
  });
  it('MePasswordUpdater with a user token', async () => {
    const { access_token } = await h.signedIn('pat.password');
    const ok = await h.call('PUT', 'factor/v1/MePasswordUpdater', {
      token: access_token,
      body: { currentPassword: PASSWORD, newPassword: 'An0ther-pass' },
    });
    expect(ok.json).toEqual({ data: { passwordUpdated: true } });
    const client2 = await h.call('PUT', 'factor/v1/MePasswordUpdater', {
      token: client,
      body: { currentPassword: 'An0ther-pass', newPassword: 'Th1rd-pass' },
    });
    expect(client2.json.errorCode).toBe('0000005');
  });
});
