import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../src/factors/totp.js';
import { Harness, PASSWORD } from './harness.js';

// Enrolment during sign-in (issue 13 §1): users with no credential for their second factor
// register one with the client token and the flow state, prove it, and sign in with it next time.

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

const flowCall = (path: string, fs: string, body: unknown) =>
  h.call('POST', path, { token: client, flowState: fs, body });

interface UserView {
  userName: string;
  credentials: Array<{
    credId: string;
    credType: string;
    credValue: string;
    status: string;
    default: boolean;
    pending: boolean;
  }>;
}
const credentialsOf = async (userName: string) =>
  (JSON.parse((await h.call('GET', '/_emulator/api/users')).text) as UserView[]).find(
    (u) => u.userName === userName,
  )?.credentials ?? [];
const outbox = async () =>
  JSON.parse((await h.call('GET', '/_emulator/api/outbox')).text) as Array<{
    channel: string;
    to: string;
    code: string;
    userName: string;
  }>;
const pushes = async () =>
  JSON.parse((await h.call('GET', '/_emulator/api/pushes')).text) as Array<{
    id: string;
    kind: string;
    userName: string;
    credId: string;
    status: string;
  }>;

describe('the factor reply of a step the user has no credential for', () => {
  it.each([
    ['nora.newsms', 'SMS_OTP_REGISTER'],
    ['ed.newemail', 'EMAIL_OTP_REGISTER'],
    ['vic.newvoice', 'IVR_OTP_REGISTER'],
    ['mia.newtotp', 'MOBILEOTP_REGISTER'],
    ['paul.newpush', 'PUSH_REGISTRATION_INITIATOR'],
  ])('%s: %s with no credentials and inline_registration', async (user, action) => {
    const { reply } = await afterPassword(user);
    expect(reply.json).toMatchObject({ nextaction: action, credentials: [], inline_registration: true });
  });

  it('users who have a credential get the sign-in actions without the flag', async () => {
    const { reply } = await afterPassword('sam.sms');
    expect(reply.json.nextaction).toBe('SMS_OTP_SELECTION');
    expect(reply.json).not.toHaveProperty('inline_registration');
  });
});

describe('OTP enrolment (OTPRegistrar with the flow state)', () => {
  it.each([
    ['nora.newsms', 'sms', '+15550109999', 'SMS', 'sms'],
    ['ed.newemail', 'email', 'ed.new@example.org', 'EMAIL', 'email'],
    ['vic.newvoice', 'ivr', '+44 20 7946 0999', 'IVR', 'voice'],
  ])(
    '%s registers %s, proves it with a code, and signs in with it next time',
    async (user, credType, value, upper, channel) => {
      const { fs } = await afterPassword(user);
      const registered = await flowCall('factor/v1/OTPRegistrar', fs, {
        credType,
        credValue: value,
        language: 'fr_CA',
        default: true,
        deviceTag: true,
      });
      expect(registered.status).toBe(200);
      expect(registered.json).toMatchObject({ credType, credValue: value, flowState: fs });
      expect(registered.headers['x-flow-state']).toBe(fs);
      const credId = String(registered.json.credId);
      // Pending, and no code yet: the generator sends it.
      expect(await outbox()).toEqual([]);
      expect(await credentialsOf(user)).toMatchObject([{ credId, status: 'INACTIVE', pending: true }]);

      const generated = await flowCall('factor/v1/OTPGenerator', fs, { credId, credType, action: 'login' });
      expect(generated.json).toMatchObject({
        nextaction: `${upper}_OTP_AUTH`,
        credentials: [{ credId, credType, credValue: value }],
      });
      const [sent] = await outbox();
      expect(sent).toMatchObject({ channel, to: value, userName: user });
      const wrong = sent?.code === '000000' ? '111111' : '000000';
      expect((await flowCall('factor/v1/OTPVerifier', fs, { credId, otp: wrong })).json.errorCode).toBe(
        '8800021',
      );
      const verified = await flowCall('factor/v1/OTPVerifier', fs, { credId, otp: sent?.code });
      expect(verified.json.nextaction).toBe('AUTH_ALLOWED');
      expect(await credentialsOf(user)).toMatchObject([
        { credId, credType, credValue: value, status: 'ACTIVE', default: true, pending: false },
      ]);

      const next = await afterPassword(user);
      expect(next.reply.json).toMatchObject({
        nextaction: `${upper}_OTP_SELECTION`,
        credentials: [{ credId, credType, credValue: value, default: true }],
      });
      expect(next.reply.json).not.toHaveProperty('inline_registration');
    },
  );

  it('a second registration in the same sign-in replaces the first (a corrected number)', async () => {
    const { fs } = await afterPassword('nora.newsms');
    const first = await flowCall('factor/v1/OTPRegistrar', fs, {
      credType: 'sms',
      credValue: '+15550100000',
    });
    const second = await flowCall('factor/v1/OTPRegistrar', fs, {
      credType: 'sms',
      credValue: '+15550100111',
    });
    expect(await credentialsOf('nora.newsms')).toMatchObject([
      { credId: second.json.credId, credValue: '+15550100111', pending: true },
    ]);
    const stale = await flowCall('factor/v1/OTPGenerator', fs, {
      credId: first.json.credId,
      credType: 'sms',
      action: 'login',
    });
    expect(stale.json.errorCode).toBe('8800040');
  });

  it('refuses bad values, other types, other transactions, and users who already have a credential', async () => {
    const { fs } = await afterPassword('nora.newsms');
    const short = await flowCall('factor/v1/OTPRegistrar', fs, { credType: 'sms', credValue: '+1555' });
    expect(short.status).toBe(400);
    expect(short.json.errorMessage).toMatch(/at least 11 characters/);
    const email = await flowCall('factor/v1/OTPRegistrar', fs, { credType: 'email', credValue: 'a@b.co' });
    expect(email.json).toMatchObject({ errorCode: '8800030' });

    const registered = await flowCall('factor/v1/OTPRegistrar', fs, {
      credType: 'sms',
      credValue: '+15550109999',
    });
    const other = await afterPassword('nora.newsms');
    const foreign = await flowCall('factor/v1/OTPGenerator', other.fs, {
      credId: registered.json.credId,
      credType: 'sms',
      action: 'login',
    });
    expect(foreign.json.errorCode).toBe('8800040');

    const sam = await afterPassword('sam.sms');
    const bypass = await flowCall('factor/v1/OTPRegistrar', sam.fs, {
      credType: 'sms',
      credValue: '+15550109999',
    });
    expect(bypass.status).toBe(403);
    expect(bypass.json).toMatchObject({
      errorCode: '8800031',
      errorMessage: 'Registration is not allowed at this step of the flow',
    });

    const noFlow = await h.call('POST', 'factor/v1/OTPRegistrar', {
      token: client,
      body: { credType: 'sms', credValue: '+15550109999' },
    });
    expect(noFlow.json.errorCode).toBe('0000005');
    const badEmail = await afterPassword('ed.newemail');
    const invalid = await flowCall('factor/v1/OTPRegistrar', badEmail.fs, {
      credType: 'email',
      credValue: 'not-an-address',
    });
    expect(invalid.status).toBe(400);
  });

  it('self-service registration still refuses the voice-call type', async () => {
    const tokens = await h.signedIn('pat.password');
    const res = await h.call('POST', 'factor/v1/OTPRegistrar', {
      token: tokens.access_token,
      body: { credType: 'ivr', credValue: '+15550109999' },
    });
    expect(res.status).toBe(400);
  });
});

describe('mobile authenticator enrolment', () => {
  it('MobileOTPRegistrar gives the secret, MobileOTPVerifier proves it, next sign-in uses it', async () => {
    const { fs } = await afterPassword('mia.newtotp');
    const registered = await flowCall('factor/v1/MobileOTPRegistrar', fs, {
      credType: 'totp',
      credValue: 'mia.newtotp',
    });
    expect(registered.json).toMatchObject({
      credType: 'totp',
      credValue: 'mia.newtotp',
      tenantName: 'default',
      flowState: fs,
    });
    const secret = String(registered.json.sharedSecret);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    const credId = String(registered.json.credId);
    const now = Date.now();
    const wrong = await flowCall('factor/v1/MobileOTPVerifier', fs, {
      credId,
      credValue: 'mia.newtotp',
      otp: totpCode(secret, now - 10 * 60_000),
      deviceTag: true,
    });
    expect(wrong.json.errorCode).toBe('8800021');
    const verified = await flowCall('factor/v1/MobileOTPVerifier', fs, {
      credId,
      credValue: 'mia.newtotp',
      otp: totpCode(secret, now),
      deviceTag: true,
    });
    expect(verified.json.nextaction).toBe('AUTH_ALLOWED');
    expect(await credentialsOf('mia.newtotp')).toMatchObject([
      { credId, credType: 'totp', status: 'ACTIVE', default: true, pending: false },
    ]);
    const next = await afterPassword('mia.newtotp');
    expect(next.reply.json).toMatchObject({ nextaction: 'MOBILEOTP_AUTH', credentials: [{ credId }] });
  });

  it('is refused for a user who already has an authenticator', async () => {
    const { fs } = await afterPassword('tina.totp');
    const res = await flowCall('factor/v1/MobileOTPRegistrar', fs, { credType: 'totp', credValue: 'x' });
    expect(res.json.errorCode).toBe('8800031');
  });
});

describe('push enrolment (VIPCredentialRegistrar with the flow state)', () => {
  const register = (fs: string, vipCredentialID = 'VSMT20000001') =>
    flowCall('factor/v1/VIPCredentialRegistrar', fs, {
      vipCredentialID,
      credType: 'totp_push',
      credValue: 'My phone',
      language: 'en_US',
      deviceTag: true,
    });
  const status = (fs: string, credId = 'VSMT20000001') =>
    flowCall('factor/v1/PushStatus', fs, { credId, deviceTag: true });

  it('a registration push: rejected, tried again, approved; the credential signs in next time', async () => {
    const { fs } = await afterPassword('paul.newpush');
    const registered = await register(fs);
    expect(registered.json).toMatchObject({
      nextaction: 'PUSH_REGISTRATION_STATUS',
      flowState: fs,
      credentials: [{ credId: 'VSMT20000001', credType: 'totp_push', credValue: 'My phone', default: true }],
    });
    const [first] = await pushes();
    expect(first).toMatchObject({ kind: 'registration', userName: 'paul.newpush', status: 'PENDING' });
    expect((await status(fs)).json).toMatchObject({
      nextaction: 'PUSH_REGISTRATION_STATUS',
      data: { status: 'PENDING' },
    });
    // Not usable for a sign-in push while pending.
    const early = await flowCall('factor/v1/PushGenerator', fs, { credId: 'VSMT20000001', action: 'login' });
    expect(early.json.errorCode).toBe('8800040');

    await h.call('POST', `/_emulator/api/pushes/${first?.id}/reject`);
    expect((await status(fs)).json.data).toEqual({ status: 'REJECTED' });
    expect(await credentialsOf('paul.newpush')).toMatchObject([{ status: 'INACTIVE', pending: true }]);

    await register(fs);
    const second = (await pushes()).find((p) => p.status === 'PENDING');
    await h.call('POST', `/_emulator/api/pushes/${second?.id}/approve`);
    const done = await status(fs);
    expect(done.json).toMatchObject({ nextaction: 'AUTH_ALLOWED', data: { status: 'AUTHENTICATED' } });
    expect(await credentialsOf('paul.newpush')).toMatchObject([
      { credId: 'VSMT20000001', status: 'ACTIVE', default: true, pending: false },
    ]);

    const next = await afterPassword('paul.newpush');
    expect(next.reply.json).toMatchObject({
      nextaction: 'PUSH_SELECTION',
      credentials: [{ credId: 'VSMT20000001' }],
    });
    const login = await flowCall('factor/v1/PushGenerator', next.fs, {
      credId: 'VSMT20000001',
      action: 'login',
    });
    expect(login.json.nextaction).toBe('PUSH_AUTH');
    expect((await pushes()).at(-1)).toMatchObject({ kind: 'login', status: 'PENDING' });
  });

  it('a registration push times out', async () => {
    const { fs } = await afterPassword('paul.newpush');
    await register(fs);
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 6000 } });
    expect((await status(fs)).json.data).toEqual({ status: 'TIMED_OUT' });
  });

  it('refuses a malformed credential ID, one registered already, and users who have a push credential', async () => {
    const { fs } = await afterPassword('paul.newpush');
    const malformed = await register(fs, 'abc');
    expect(malformed.status).toBe(400);
    expect(malformed.json.errorMessage).toMatch(/4 letters and 8 digits/);
    const taken = await register(fs, 'VSMT10000001');
    expect(taken.json.errorMessage).toBe('Credential already registered');
    const pete = await afterPassword('pete.push');
    expect((await register(pete.fs)).json.errorCode).toBe('8800031');
  });

  it('the developer page lists the pending registration with Approve and Reject', async () => {
    const { fs } = await afterPassword('paul.newpush');
    await register(fs);
    const page = await h.call('GET', '/_emulator/');
    expect(page.text).toContain(
      '<td>Registration</td><td>paul.newpush</td><td>My phone</td><td></td><td>PENDING</td>',
    );
    expect(page.text).toMatch(/action="\/_emulator\/pushes\/[0-9a-f-]+\/approve"/);
  });
});
