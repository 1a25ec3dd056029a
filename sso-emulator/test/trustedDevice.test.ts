import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Harness, PASSWORD, type Reply } from './harness.js';

const DAY_MS = 86_400_000;

let h: Harness;
let client: string;
beforeEach(async () => {
  h = await Harness.start();
  client = await h.clientToken();
});
afterEach(() => h.close());

interface SignInOptions {
  rememberMe?: boolean;
  trustedDeviceID?: string;
  /** An oauth2 transaction's flow state (from the relying party's start). */
  flowState?: string;
}

async function authenticate(subject: string, options: SignInOptions): Promise<Reply> {
  return h.call('POST', 'auth/v1/authenticate', {
    token: client,
    ...(options.flowState ? { flowState: options.flowState } : {}),
    body: {
      channel: 'web',
      action: 'authenticate',
      subject,
      rememberMe: options.rememberMe ?? true,
      ...(options.trustedDeviceID ? { trustedDeviceID: options.trustedDeviceID } : {}),
      device: { signature: 'fp' },
    },
  });
}

async function password(flowState: string): Promise<Reply> {
  return h.call('POST', 'factor/v1/PasswordAuthenticator', {
    token: client,
    flowState,
    body: { password: PASSWORD, deviceTag: true },
  });
}

async function smsStep(flowState: string): Promise<Reply> {
  const body = { credId: 'sms-tom-1', credType: 'sms', action: 'login' };
  await h.call('POST', 'factor/v1/OTPGenerator', { token: client, flowState, body });
  return h.call('POST', 'factor/v1/OTPVerifier', {
    token: client,
    flowState,
    body: { credId: 'sms-tom-1', otp: await h.lastCode('tom.trusted') },
  });
}

/** Every step for tom.trusted (password, then SMS); returns each reply. */
async function fullSignIn(options: SignInOptions = {}) {
  const start = await authenticate('tom.trusted', options);
  const afterPassword = await password(String(start.json.flowState));
  expect(afterPassword.json.nextaction).toBe('SMS_OTP_SELECTION');
  const allowed = await smsStep(String(start.json.flowState));
  expect(allowed.json.nextaction).toBe('AUTH_ALLOWED');
  return { start, afterPassword, allowed };
}

const disabled = { isTrustedDeviceEnabled: false, trustedDeviceId: '' };

function trustedIdOf(reply: Reply): string {
  const additional = reply.json.additional as { trustedDeviceId?: string } | undefined;
  return additional?.trustedDeviceId ?? '';
}

describe('trusted devices', () => {
  it('a full sign-in with Remember Me trusts the device: AUTH_ALLOWED carries a fresh id and the days', async () => {
    const { start, afterPassword, allowed } = await fullSignIn();
    expect(start.json.additional).toMatchObject({ ...disabled, trustedDeviceExpiryDays: 30 });
    expect(afterPassword.json.additional).toMatchObject(disabled);
    expect(typeof allowed.json.id_token).toBe('string');
    expect(allowed.json.additional).toMatchObject({
      isTrustedDeviceEnabled: true,
      trustedDeviceExpiryDays: 30,
    });
    expect(trustedIdOf(allowed)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await fullSignIn();
    expect(trustedIdOf(again.allowed)).not.toBe(trustedIdOf(allowed));
  });

  it('the next sign-in sending that id skips every step after the first, and keeps saying enabled', async () => {
    const id = trustedIdOf((await fullSignIn()).allowed);
    const start = await authenticate('Tom.Trusted', { trustedDeviceID: id });
    expect(start.json.nextaction).toBe('PASSWORD_AUTH');
    expect(start.json.additional).toMatchObject({ isTrustedDeviceEnabled: true, trustedDeviceId: id });
    const allowed = await password(String(start.json.flowState));
    expect(allowed.json.nextaction).toBe('AUTH_ALLOWED');
    expect(typeof allowed.json.id_token).toBe('string');
    expect(allowed.json.additional).toMatchObject({
      isTrustedDeviceEnabled: true,
      trustedDeviceId: id,
      trustedDeviceExpiryDays: 30,
    });
    const outbox = await h.call('GET', '/_emulator/api/outbox');
    expect(JSON.parse(outbox.text)).toHaveLength(1); // only the first sign-in's code
  });

  it('the expiry is fixed at trust time: later replies give the days left, then the id is refused', async () => {
    const id = trustedIdOf((await fullSignIn()).allowed);
    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 10 * DAY_MS + 60_000 } });
    client = await h.clientToken();
    const later = await authenticate('tom.trusted', { trustedDeviceID: id });
    expect(later.json.additional).toMatchObject({ trustedDeviceId: id, trustedDeviceExpiryDays: 20 });
    expect((await password(String(later.json.flowState))).json.nextaction).toBe('AUTH_ALLOWED');

    await h.call('POST', '/_emulator/api/clock', { body: { offsetMs: 31 * DAY_MS } });
    client = await h.clientToken();
    const expired = await authenticate('tom.trusted', { trustedDeviceID: id });
    expect(expired.json.additional).toMatchObject(disabled);
    expect((await password(String(expired.json.flowState))).json.nextaction).toBe('SMS_OTP_SELECTION');
  });

  it("an unknown id or another user's id is not honoured: disabled, every step", async () => {
    const id = trustedIdOf((await fullSignIn()).allowed);
    for (const [subject, trustedDeviceID] of [
      ['tom.trusted', 'forged-id'],
      ['sam.sms', id],
    ] as const) {
      const start = await authenticate(subject, { trustedDeviceID });
      expect(start.json.additional).toMatchObject(disabled);
      const next = await password(String(start.json.flowState));
      expect(next.json.nextaction).toBe('SMS_OTP_SELECTION');
      expect(next.json.additional).toMatchObject(disabled);
    }
    // Tom's own device is still trusted after sam.sms presented it.
    const own = await authenticate('tom.trusted', { trustedDeviceID: id });
    expect(own.json.additional).toMatchObject({ isTrustedDeviceEnabled: true, trustedDeviceId: id });
  });

  it('without Remember Me no device is trusted, and a trusted one is forgotten', async () => {
    const { allowed } = await fullSignIn({ rememberMe: false });
    expect(allowed.json.additional).toMatchObject(disabled);

    const id = trustedIdOf((await fullSignIn()).allowed);
    const unticked = await fullSignIn({ rememberMe: false, trustedDeviceID: id });
    expect(unticked.start.json.additional).toMatchObject(disabled);
    expect(unticked.allowed.json.additional).toMatchObject(disabled);
    const afterwards = await authenticate('tom.trusted', { trustedDeviceID: id });
    expect(afterwards.json.additional).toMatchObject(disabled);
  });

  it('users without a trusted-device policy are never trusted', async () => {
    const start = await authenticate('pat.password', {});
    expect(start.json.additional).toMatchObject({ ...disabled, trustedDeviceExpiryDays: 0 });
    const allowed = await password(String(start.json.flowState));
    expect(allowed.json.nextaction).toBe('AUTH_ALLOWED');
    expect(allowed.json.additional).toMatchObject(disabled);
  });

  it('the oauth2 flow: AUTH_ALLOWED with authCompleteUrl carries the block, and a trusted device skips SMS', async () => {
    const oauth2FlowState = async () => {
      const started = await h.call('GET', '/_emulator/rp/start?portal=http://localhost:8080');
      return new URL(String(started.headers.location)).searchParams.get('x-flow-state') ?? '';
    };
    const { allowed } = await fullSignIn({ flowState: await oauth2FlowState() });
    expect(allowed.json.authCompleteUrl).toMatch(/oauth2\/v1\/authcomplete\?completion_secret=/);
    expect(allowed.json).not.toHaveProperty('id_token');
    const id = trustedIdOf(allowed);
    expect(allowed.json.additional).toMatchObject({
      isTrustedDeviceEnabled: true,
      trustedDeviceExpiryDays: 30,
    });

    const start = await authenticate('tom.trusted', {
      flowState: await oauth2FlowState(),
      trustedDeviceID: id,
    });
    const trusted = await password(String(start.json.flowState));
    expect(trusted.json.nextaction).toBe('AUTH_ALLOWED');
    expect(trusted.json.authCompleteUrl).toMatch(/oauth2\/v1\/authcomplete\?completion_secret=/);
    expect(trusted.json.additional).toMatchObject({ isTrustedDeviceEnabled: true, trustedDeviceId: id });
  });

  it('refuses an over-long trustedDeviceID with 400', async () => {
    const res = await authenticate('tom.trusted', { trustedDeviceID: 'x'.repeat(257) });
    expect(res.status).toBe(400);
    expect(res.json.errorCode).toBe('0000400');
  });

  it('reset forgets every trusted device', async () => {
    const id = trustedIdOf((await fullSignIn()).allowed);
    await h.call('POST', '/_emulator/api/reset');
    client = await h.clientToken();
    const start = await authenticate('tom.trusted', { trustedDeviceID: id });
    expect(start.json.additional).toMatchObject(disabled);
  });
});

describe('token-lifetime test knob', () => {
  it('shortens the user access token until reset; refuses lifetimes the portal could not schedule', async () => {
    const set = await h.call('POST', '/_emulator/api/token-lifetime', {
      body: { accessTokenTtlSeconds: 360 },
    });
    expect(set.json).toEqual({ accessTokenTtlSeconds: 360 });
    const tokens = await h.signedIn('pat.password');
    const refreshed = await h.token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      scope: 'openid email profile offline_access',
    });
    expect(refreshed.json.expires_in).toBe(360);
    for (const body of [{ accessTokenTtlSeconds: 300 }, { accessTokenTtlSeconds: 'short' }, {}]) {
      expect((await h.call('POST', '/_emulator/api/token-lifetime', { body })).status).toBe(400);
    }
    await h.call('POST', '/_emulator/api/reset');
    const after = await h.signedIn('pat.password');
    const again = await h.token({
      grant_type: 'refresh_token',
      refresh_token: after.refresh_token,
      scope: 'openid email profile offline_access',
    });
    expect(again.json.expires_in).toBe(900);
  });
});
