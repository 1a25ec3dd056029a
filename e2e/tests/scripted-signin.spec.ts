import * as OTPAuth from 'otpauth';
import { expect, test } from '../src/fixtures';
import { PortalSession, type Reply } from '../src/portalSession';

// The calls the portal makes for each fixture user, in order, over HTTP through the portal
// server: token endpoints on the portal origin (the client secret stays server-side) and the
// SSO calls through /common/portal/proxy/. Each ends in tokens or the expected error. Neither the
// id_token nor the refresh token ever comes back: the portal server exchanges the sign-in's id_token
// itself, keeps the refresh token sealed in that sign-in's HttpOnly cookie (which this client
// carries as a browser would) and hands out the sign-in's handle, which alone redeems it. Every
// call carries the portal's Origin, as the portal's own page does.

type Credential = { credId: string; credType: string; credValue: string; default?: boolean };
const credentialsOf = (reply: Reply) => (reply.body.credentials ?? []) as Credential[];

async function newSession(portalUrl: string) {
  const session = new PortalSession(portalUrl);
  await session.start();
  return session;
}

test.describe('scripted sign-in through the portal server', () => {
  test('pat.password: password only, then user token, userinfo, refresh, revoke', async ({
    stack,
    emulator: _,
  }) => {
    const s = await newSession(stack.portalUrl);
    const first = await s.authenticate('pat.password');
    expect(first.body.nextaction).toBe('PASSWORD_AUTH');
    expect(first.flowState).toBe(first.body.flowState);
    await s.finish(await s.password(), /.+/);
  });

  for (const [user, credType, channel, selection] of [
    ['sam.sms', 'sms', 'sms', 'SMS_OTP_SELECTION'],
    ['emma.email', 'email', 'email', 'EMAIL_OTP_SELECTION'],
    ['victor.voice', 'ivr', 'voice', 'IVR_OTP_SELECTION'],
  ] as const) {
    test(`${user}: password then a one-time code by ${channel}`, async ({ stack, emulator }) => {
      const s = await newSession(stack.portalUrl);
      await s.authenticate(user);
      const afterPassword = await s.password();
      expect(afterPassword.body.nextaction).toBe(selection);
      const [credential] = credentialsOf(afterPassword);
      expect(credential).toBeDefined();
      const generated = await s.sso('POST', 'factor/v1/OTPGenerator', {
        credId: credential?.credId,
        credType,
        action: 'login',
        deviceTag: true,
      });
      expect(generated.body.nextaction).toBe(`${credType.toUpperCase()}_OTP_AUTH`);
      const outbox = await emulator.get<{ channel: string; userName: string; code: string }[]>('outbox');
      const sent = outbox.filter((m) => m.userName === user && m.channel === channel).at(-1);
      expect(sent?.code).toMatch(/^\d{6}$/);
      const wrong = await s.sso('POST', 'factor/v1/OTPVerifier', {
        credId: credential?.credId,
        otp: sent?.code === '000000' ? '111111' : '000000',
      });
      expect(wrong.status).toBe(401);
      await s.finish(
        await s.sso('POST', 'factor/v1/OTPVerifier', { credId: credential?.credId, otp: sent?.code }),
        /.+/,
      );
    });
  }

  test('olga.otp: the chooser offers several OTP credentials; an e-mail code signs in', async ({
    stack,
    emulator,
  }) => {
    const s = await newSession(stack.portalUrl);
    await s.authenticate('olga.otp');
    const choices = credentialsOf(await s.password());
    expect(choices.length).toBeGreaterThan(1);
    const email = choices.find((c) => c.credType === 'email');
    expect(email).toBeDefined();
    const generated = await s.sso('POST', 'factor/v1/OTPGenerator', {
      credId: email?.credId,
      credType: 'email',
      action: 'login',
    });
    expect(generated.body.nextaction).toBe('EMAIL_OTP_AUTH');
    const outbox = await emulator.get<{ channel: string; userName: string; code: string }[]>('outbox');
    const code = outbox.filter((m) => m.userName === 'olga.otp' && m.channel === 'email').at(-1)?.code;
    await s.finish(await s.sso('POST', 'factor/v1/OTPVerifier', { credId: email?.credId, otp: code }), /.+/);
  });

  test('tina.totp: mobile authenticator code computed from the fixture secret', async ({
    stack,
    emulator: _,
  }) => {
    const s = await newSession(stack.portalUrl);
    await s.authenticate('tina.totp');
    const step = await s.password();
    expect(step.body.nextaction).toBe('MOBILEOTP_AUTH');
    const [credential] = credentialsOf(step);
    const otp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32('JBSWY3DPEHPK3PXP'),
      digits: 6,
      period: 30,
    }).generate();
    const done = await s.sso('POST', 'factor/v1/MobileOTPVerifier', {
      credId: credential?.credId,
      credValue: credential?.credValue,
      otp,
    });
    await s.finish(done, /.+/);
  });

  test('pete.push: pending until approved through the emulator', async ({ stack, emulator }) => {
    const s = await newSession(stack.portalUrl);
    await s.authenticate('pete.push');
    const step = await s.password();
    expect(step.body.nextaction).toBe('PUSH_SELECTION');
    const [credential] = credentialsOf(step);
    const sent = await s.sso('POST', 'factor/v1/PushGenerator', {
      credId: credential?.credId,
      action: 'login',
      language: 'en_US',
    });
    expect(sent.body.nextaction).toBe('PUSH_AUTH');
    const pending = await s.sso('POST', 'factor/v1/PushStatus', { credId: credential?.credId });
    expect((pending.body.data as { status?: string }).status).toBe('PENDING');
    const [push] = await emulator.get<{ id: string; userName: string }[]>('pushes');
    expect(push?.userName).toBe('pete.push');
    await emulator.post(`pushes/${push?.id}/approve`);
    const approved = await s.sso('POST', 'factor/v1/PushStatus', { credId: credential?.credId });
    expect((approved.body.data as { status?: string }).status).toBe('AUTHENTICATED');
    await s.finish(approved, /.+/);
  });

  for (const [code, status] of [
    ['00000000', 'Reject'],
    ['99999999', 'Terminate'],
  ] as const) {
    test(`sid.securid: passcode ${code} is answered ${status}`, async ({ stack, emulator: _ }) => {
      const s = await newSession(stack.portalUrl);
      await s.authenticate('sid.securid');
      const step = await s.password();
      expect(step.body.nextaction).toBe('CUSTOM_AUTH');
      expect((step.body.additional as { customFlowId?: string }).customFlowId).toBe('securid');
      const reply = await s.sso('POST', 'factor/v1/CustomAuthenticator', {
        operationalContext: [{ key: 'flowId', value: 'securid' }],
        credData: [{ key: 'code', value: code }],
      });
      expect((reply.body.data as { status?: string }).status).toBe(status);
    });
  }

  test('sid.securid: the right passcode signs in', async ({ stack, emulator: _ }) => {
    const s = await newSession(stack.portalUrl);
    await s.authenticate('sid.securid');
    await s.password();
    const reply = await s.sso('POST', 'factor/v1/CustomAuthenticator', {
      operationalContext: [{ key: 'flowId', value: 'securid' }],
      credData: [{ key: 'code', value: '12345678' }],
    });
    await s.finish(reply, /.+/);
  });

  test('felix.factors: factor selection, custom options, then an SMS code', async ({ stack, emulator }) => {
    const s = await newSession(stack.portalUrl);
    await s.authenticate('felix.factors');
    const selection = await s.password();
    expect(selection.body.nextaction).toBe('FACTOR_SELECTION');
    expect(selection.body.currentFactors).toEqual(expect.arrayContaining(['SMSOTP', 'IDP/corp']));
    expect(selection.body.customFactorOptions).toMatchObject({ 'IDP/corp': 'Corporate SSO - Internal' });
    const chosen = await s.sso('POST', 'auth/v1/SelectedFactor', { factor: 'SMSOTP' });
    expect(chosen.body.nextaction).toBe('SMS_OTP_SELECTION');
    const [credential] = credentialsOf(chosen);
    await s.sso('POST', 'factor/v1/OTPGenerator', {
      credId: credential?.credId,
      credType: 'sms',
      action: 'login',
    });
    const outbox = await emulator.get<{ channel: string; userName: string; code: string }[]>('outbox');
    const code = outbox.filter((m) => m.userName === 'felix.factors').at(-1)?.code;
    await s.finish(
      await s.sso('POST', 'factor/v1/OTPVerifier', { credId: credential?.credId, otp: code }),
      /.+/,
    );
  });

  for (const [user, expected] of [
    ['fiona.fido', 'FIDO_REGISTER_GENERATE_CHALLENGE'],
    ['kim.securitykey', 'SECURITYKEY_REGISTER_GENERATE_CHALLENGE'],
    ['paula.passkey', 'PASSKEY_REGISTER_GENERATE_CHALLENGE'],
    ['ida.idp', 'IDP_AUTH'],
  ] as const) {
    test(`${user}: reaches ${expected} (the browser ceremony is covered by the UI suites)`, async ({
      stack,
      emulator: _,
    }) => {
      const s = await newSession(stack.portalUrl);
      const first = await s.authenticate(user);
      const step = first.body.nextaction === 'PASSWORD_AUTH' ? await s.password() : first;
      expect(step.body.nextaction).toBe(expected);
    });
  }

  test('chris.change: 428 with 1003033, then the password is changed and sign-in completes', async ({
    stack,
    emulator: _,
  }) => {
    const s = await newSession(stack.portalUrl);
    await s.authenticate('chris.change');
    const required = await s.password();
    expect(required.status).toBe(428);
    expect(required.body.errorCode).toBe('1003033');
    const same = await s.sso('PUT', 'factor/v1/MePasswordUpdater', {
      currentPassword: 'Passw0rd!',
      newPassword: 'Passw0rd!',
    });
    expect((same.body.data as { passwordUpdated?: boolean }).passwordUpdated).toBe(false);
    const changed = await s.sso('PUT', 'factor/v1/MePasswordUpdater', {
      currentPassword: 'Passw0rd!',
      newPassword: 'N3w-Passw0rd!',
    });
    expect((changed.body.data as { passwordUpdated?: boolean }).passwordUpdated).toBe(true);
    await s.finish(changed, /.+/);
  });

  test('dan.denied: AUTH_DENIED', async ({ stack, emulator: _ }) => {
    const s = await newSession(stack.portalUrl);
    expect((await s.authenticate('dan.denied')).body.nextaction).toBe('AUTH_DENIED');
  });

  test('dora.disabled: 8800015 The user is disabled', async ({ stack, emulator: _ }) => {
    const s = await newSession(stack.portalUrl);
    const reply = await s.authenticate('dora.disabled');
    expect(reply.body).toMatchObject({ errorCode: '8800015', errorMessage: 'The user is disabled' });
  });

  test('an unknown user: 8800004 User not found', async ({ stack, emulator: _ }) => {
    const s = await newSession(stack.portalUrl);
    const reply = await s.authenticate('nobody');
    expect(reply.body).toMatchObject({ errorCode: '8800004', errorMessage: 'User not found' });
  });

  test('a wrong flow state: 0000010 Invalid X-Flow-State header', async ({ stack, emulator: _ }) => {
    const s = await newSession(stack.portalUrl);
    await s.authenticate('pat.password');
    s.flowState = 'not-a-flow-state';
    const reply = await s.password();
    expect(reply.body).toMatchObject({ errorCode: '0000010', errorMessage: 'Invalid X-Flow-State header' });
  });

  test('the oauth2 flow: a relying party starts, AUTH_ALLOWED carries authCompleteUrl', async ({
    stack,
    emulator: _,
  }) => {
    const start = await fetch(
      `${stack.emulatorUrl}/_emulator/rp/start?portal=${encodeURIComponent(stack.portalUrl)}`,
      {
        redirect: 'manual',
      },
    );
    const location = new URL(String(start.headers.get('location')));
    expect(location.origin + location.pathname).toBe(`${stack.portalUrl}/oauth2`);
    const s = await newSession(stack.portalUrl);
    s.flowState = location.searchParams.get('x-flow-state');
    const reset = await s.sso('POST', 'auth/v1/authenticate', { resetFlow: true, subject: 'pat.password' });
    expect(typeof reset.body.flowState).toBe('string');
    await s.authenticate('pat.password');
    const allowed = await s.password();
    expect(allowed.body.nextaction).toBe('AUTH_ALLOWED');
    const authComplete = new URL(String(allowed.body.authCompleteUrl));
    expect(`${authComplete.origin}${authComplete.pathname}`).toBe(`${stack.tenantUrl}oauth2/v1/authcomplete`);
    // The one-time completion secret that authcomplete requires (issue 21).
    expect(authComplete.searchParams.get('completion_secret')).toMatch(/^[\w-]{43}$/);
  });
});
