import type { AuthReply } from '@portal/shared/transport';
import { LIVE_REGION_FILL_DELAY_MS, PUSH_POLL_INTERVAL_MS } from '@portal/shared/config';
import { paths } from '../src/paths';
import { failNextQrCode } from '@portal/shared/test-support/qrCode';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MobileOtpScreen } from '../src/mobileOtp/MobileOtpScreen';
import { OtpScreen } from '../src/otp/OtpScreen';
import { PushScreen } from '../src/push/PushScreen';
import { type Call, factorSession, renderAt, stubServer } from './harness';

// Enrolment during sign-in: the screens a register action opens ask for what to register, call
// the registrar in the sign-in flow (client token, flow state), then verify it and route the reply.

vi.mock('@portal/shared/ui/codes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@portal/shared/ui/codes')>()),
  ...(await import('@portal/shared/test-support/qrCode')),
}));

const location = () => screen.getByTestId('location').textContent;
const allowed = { nextaction: 'AUTH_ALLOWED', flowState: 'flow-1', access_token: 'user', expires_in: 900 };
const refused = (message: string) => ({ status: 400, body: { errorCode: '0000400', errorMessage: message } });

const register = (nextaction: string, userName: string): AuthReply => ({
  nextaction,
  flowState: 'flow-1',
  userName,
  currentFactors: ['X'],
  credentials: [],
  inline_registration: true,
});

function expectFlowCall(call: Call | undefined, deviceTag: boolean) {
  expect(call?.headers.get('Authorization')).toBe('Bearer client-token');
  expect(call?.headers.get('X-Flow-State')).toBe('flow-1');
  expect(call?.headers.get('X-Device-Tag')).toBe(deviceTag ? 'true' : null);
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('one-time-code enrolment (SMS, e-mail, voice)', () => {
  const phone = 'Phone number with country code';

  it('registers the phone number, sends its first code, verifies it and routes the reply', async () => {
    const calls = stubServer({
      'factor/v1/OTPRegistrar': [
        { body: { credId: 'new-1', credType: 'sms', credValue: '+15550109999', flowState: 'flow-1' } },
      ],
      'factor/v1/OTPGenerator': [
        {
          body: {
            nextaction: 'SMS_OTP_AUTH',
            flowState: 'flow-1',
            credentials: [{ credId: 'new-1', credType: 'sms', credValue: '+15550109999' }],
          },
        },
      ],
      'factor/v1/OTPVerifier': [{ body: allowed }],
    });
    factorSession(register('SMS_OTP_REGISTER', 'nora.newsms'));
    renderAt(<OtpScreen />, paths.sotp);
    expect(screen.getByRole('heading', { name: 'SMS registration' })).toBeTruthy();
    expect(screen.getByText('Message and data rates may apply. Message frequency varies.')).toBeTruthy();
    expect(screen.getByLabelText(phone).getAttribute('type')).toBe('tel');
    type(phone, ' +15550109999 ');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Enter security code sent to +15550109999')).toBeTruthy();
    expect(calls[0]?.path).toBe('factor/v1/OTPRegistrar');
    expectFlowCall(calls[0], true);
    expect(calls[0]?.body).toEqual({
      credType: 'sms',
      credValue: '+15550109999',
      language: 'en_US',
      default: true,
      deviceTag: true,
    });
    expect(calls[1]).toMatchObject({
      path: 'factor/v1/OTPGenerator',
      body: { credId: 'new-1', credType: 'sms', action: 'login' },
    });
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '123456' } });
    await waitFor(() => expect(location()).toBe(paths.welcome));
    expect(calls[2]).toMatchObject({
      path: 'factor/v1/OTPVerifier',
      body: { credId: 'new-1', otp: '123456' },
    });
  });

  it('checks the number before sending anything, and keeps it', () => {
    const calls = stubServer({});
    factorSession(register('SMS_OTP_REGISTER', 'nora.newsms'));
    renderAt(<OtpScreen />, paths.sotp);
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByText('A value is required.')).toBeTruthy();
    type(phone, '+1 555 CALL');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(
      screen.getByText('Enter the phone number with its country code (at least 11 characters).'),
    ).toBeTruthy();
    expect(screen.getByLabelText(phone).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText(phone) as HTMLInputElement).value).toBe('+1 555 CALL');
    expect(calls).toEqual([]);
  });

  it("a refused registration shows the server's message and keeps what was typed", async () => {
    stubServer({ 'factor/v1/OTPRegistrar': [refused('Phone number not supported')] });
    factorSession(register('SMS_OTP_REGISTER', 'nora.newsms'));
    renderAt(<OtpScreen />, paths.sotp);
    type(phone, '+15550109999');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Phone number not supported')).toBeTruthy();
    expect((screen.getByLabelText(phone) as HTMLInputElement).value).toBe('+15550109999');
    expect(location()).toBe(paths.sotp);
  });

  it('e-mail: an address, with the notice; voice: a phone number, without it', async () => {
    const calls = stubServer({
      'factor/v1/OTPRegistrar': [refused('stop here')],
    });
    factorSession(register('EMAIL_OTP_REGISTER', 'ed.newemail'));
    const { unmount } = renderAt(<OtpScreen />, paths.eotp);
    expect(screen.getByRole('heading', { name: 'Email registration' })).toBeTruthy();
    type('Email address', 'ed@example');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    type('Email address', 'ed@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByText('stop here');
    expect(calls[0]?.body).toMatchObject({ credType: 'email', credValue: 'ed@example.org' });
    unmount();

    factorSession(register('IVR_OTP_REGISTER', 'vic.newvoice'));
    renderAt(<OtpScreen />, paths.votp);
    expect(screen.getByRole('heading', { name: 'Voice call registration' })).toBeTruthy();
    expect(screen.queryByText(/Message and data rates may apply/)).toBeNull();
    type(phone, '+442079460999');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ credType: 'ivr', credValue: '+442079460999' });
  });

  it('goes back from the code to the number, as typed, to correct it', async () => {
    stubServer({
      'factor/v1/OTPRegistrar': [{ body: { credId: 'new-1', credType: 'sms', credValue: '+15550109999' } }],
      'factor/v1/OTPGenerator': [{ body: { nextaction: 'SMS_OTP_AUTH', flowState: 'flow-1' } }],
    });
    factorSession(register('SMS_OTP_REGISTER', 'nora.newsms'));
    renderAt(<OtpScreen />, paths.sotp);
    type(phone, '+15550109999');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change phone number' }));
    expect((screen.getByLabelText(phone) as HTMLInputElement).value).toBe('+15550109999');
  });

  it('is told apart by inline_registration when the action is a sign-in one with no credential', () => {
    stubServer({});
    factorSession({ ...register('SMS_OTP_SELECTION', 'nora.newsms'), inline_registration: 'true' });
    renderAt(<OtpScreen />, paths.sotp);
    expect(screen.getByLabelText(phone)).toBeTruthy();
  });
});

describe('mobile authenticator enrolment', () => {
  const registered = {
    credId: 'totp-new',
    credType: 'totp',
    credValue: 'mia.newtotp',
    sharedSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    tenantName: 'default',
    flowState: 'flow-1',
  };

  it('registers on opening, shows the QR code, its sentence and the setup key, and verifies the first code', async () => {
    const calls = stubServer({
      'factor/v1/MobileOTPRegistrar': [{ body: registered }],
      'factor/v1/MobileOTPVerifier': [{ body: allowed }],
    });
    factorSession(register('MOBILEOTP_REGISTER', 'mia.newtotp'), { userName: 'mia.newtotp' });
    renderAt(<MobileOtpScreen />, paths.motp);
    expect(screen.getByRole('heading', { name: 'Mobile OTP registration' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Scan the QR code with your mobile authenticator & enter security code to register mia.newtotp',
      ),
    ).toBeTruthy();
    expectFlowCall(calls[0], false);
    expect(calls[0]?.body).toEqual({ credType: 'totp', credValue: 'mia.newtotp' });
    const qr = screen.getByRole('img', { name: 'QR code for your mobile authenticator' });
    expect(qr.dataset.qrText).toBe(
      'otpauth://totp/Authentication%20Hub:mia.newtotp?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Authentication%20Hub',
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '654321' } });
    await waitFor(() => expect(location()).toBe(paths.welcome));
    expectFlowCall(calls[1], true);
    expect(calls[1]?.body).toEqual({
      credId: 'totp-new',
      credValue: 'mia.newtotp',
      otp: '654321',
      deviceTag: true,
    });
  });

  it('a QR code that cannot be drawn is an Unexpected Error; the setup key is still there', async () => {
    stubServer({ 'factor/v1/MobileOTPRegistrar': [{ body: registered }] });
    failNextQrCode(new Error('The amount of data is too big'));
    factorSession(register('MOBILEOTP_REGISTER', 'mia.newtotp'), { userName: 'mia.newtotp' });
    renderAt(<MobileOtpScreen />, paths.motp);
    expect(await screen.findByText('Unexpected Error: The amount of data is too big')).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
  });

  it('a refused registration can be tried again; a wrong code empties the boxes', async () => {
    const calls = stubServer({
      'factor/v1/MobileOTPRegistrar': [refused('Registration is not allowed'), { body: registered }],
      'factor/v1/MobileOTPVerifier': [
        { status: 401, body: { errorCode: '8800021', errorMessage: 'Invalid or expired security code' } },
      ],
    });
    factorSession(register('MOBILEOTP_REGISTER', 'mia.newtotp'), { userName: 'mia.newtotp' });
    renderAt(<MobileOtpScreen />, paths.motp);
    expect(await screen.findByText('Registration is not allowed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(/Scan the QR code/);
    expect(calls.filter((c) => c.path === 'factor/v1/MobileOTPRegistrar')).toHaveLength(2);
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '000000' } });
    expect(await screen.findByText('Invalid or expired security code')).toBeTruthy();
    expect((screen.getByLabelText('Digit 1 of 6') as HTMLInputElement).value).toBe('');
  });
});

describe('vendor push enrolment', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  async function advance(ms: number) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }
  const credential = { credId: 'VSMT20000001', credType: 'totp_push', credValue: 'My phone', default: true };
  const status = (value: string) => ({
    body: { nextaction: 'PUSH_REGISTRATION_STATUS', flowState: 'flow-1', data: { status: value } },
  });
  const registrationStatus = {
    body: { nextaction: 'PUSH_REGISTRATION_STATUS', flowState: 'flow-1', credentials: [credential] },
  };

  async function fillAndRegister() {
    type('Credential ID', 'vsmt 2000-0001');
    type('Credential name', ' My phone ');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await advance(0);
  }

  it('registers the Credential ID, polls the registration every 3000 ms and routes the approval', async () => {
    const calls = stubServer({
      'factor/v1/VIPCredentialRegistrar': [registrationStatus],
      'factor/v1/PushStatus': [
        status('PENDING'),
        { body: { ...allowed, data: { status: 'AUTHENTICATED' } } },
      ],
    });
    factorSession(register('PUSH_REGISTRATION_INITIATOR', 'paul.newpush'));
    renderAt(<PushScreen />, paths.push);
    expect(screen.getByRole('heading', { name: 'Push registration' })).toBeTruthy();
    await fillAndRegister();
    // The status region is in the page first, its text a moment later (so it is announced).
    await advance(LIVE_REGION_FILL_DELAY_MS);
    expect(screen.getByText('Approve the registration request on your My phone to continue.')).toBeTruthy();
    expectFlowCall(calls[0], true);
    expect(calls[0]?.body).toEqual({
      vipCredentialID: 'VSMT20000001',
      credType: 'totp_push',
      credValue: 'My phone',
      language: 'en_US',
      deviceTag: true,
    });
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(calls[1]).toMatchObject({ path: 'factor/v1/PushStatus', body: { credId: 'VSMT20000001' } });
    expect(location()).toBe(paths.push);
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(location()).toBe(paths.welcome);
  });

  it('both fields are required', () => {
    const calls = stubServer({});
    factorSession(register('PUSH_REGISTRATION_INITIATOR', 'paul.newpush'));
    renderAt(<PushScreen />, paths.push);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('A credential ID is required.')).toBeTruthy();
    expect(screen.getByText('A value is required.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it.each([
    ['REJECTED', status('REJECTED')],
    ['TIMED_OUT', status('TIMED_OUT')],
    ['an error code', { body: { nextaction: 'PUSH_REGISTRATION_STATUS', data: { errorCode: '0000999' } } }],
    ['a failing poll', { status: 500, body: { errorCode: '0000999', errorMessage: 'boom' } }],
  ])(
    "%s: 'Unable to complete registration at this time. ' and Try again, with the form as it was",
    async (_, answer) => {
      stubServer({
        'factor/v1/VIPCredentialRegistrar': [registrationStatus],
        'factor/v1/PushStatus': [answer],
      });
      factorSession(register('PUSH_REGISTRATION_INITIATOR', 'paul.newpush'));
      renderAt(<PushScreen />, paths.push);
      await fillAndRegister();
      await advance(PUSH_POLL_INTERVAL_MS);
      // The spec's string to the letter, trailing space included.
      expect(screen.getByText(/^Unable to complete registration at this time\./).textContent).toBe(
        'Unable to complete registration at this time. ',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect((screen.getByLabelText('Credential ID') as HTMLInputElement).value).toBe('vsmt 2000-0001');
      expect((screen.getByLabelText('Credential name') as HTMLInputElement).value).toBe(' My phone ');
      expect(screen.queryByText(/Unable to complete registration/)).toBeNull();
    },
  );

  it("a refused registration shows the server's message and keeps the form", async () => {
    stubServer({ 'factor/v1/VIPCredentialRegistrar': [refused('Credential already registered')] });
    factorSession(register('PUSH_REGISTRATION_INITIATOR', 'paul.newpush'));
    renderAt(<PushScreen />, paths.push);
    await fillAndRegister();
    expect(screen.getByText('Credential already registered')).toBeTruthy();
    expect((screen.getByLabelText('Credential ID') as HTMLInputElement).value).toBe('vsmt 2000-0001');
  });

  it('opened by PUSH_REGISTRATION_STATUS, it polls for that credential', async () => {
    const calls = stubServer({
      'factor/v1/PushStatus': [{ body: { ...allowed, data: { status: 'AUTHENTICATED' } } }],
    });
    factorSession({ ...registrationStatus.body, userName: 'paul.newpush' });
    renderAt(<PushScreen />, paths.push);
    await advance(LIVE_REGION_FILL_DELAY_MS);
    expect(screen.getByText('Approve the registration request on your My phone to continue.')).toBeTruthy();
    await advance(PUSH_POLL_INTERVAL_MS);
    expect(calls[0]).toMatchObject({ path: 'factor/v1/PushStatus', body: { credId: 'VSMT20000001' } });
    expect(location()).toBe(paths.welcome);
  });

  it('the sign-in push screen is unchanged for a user with a push credential', async () => {
    const calls = stubServer({
      'factor/v1/PushGenerator': [{ body: { nextaction: 'PUSH_AUTH', flowState: 'flow-1' } }],
    });
    factorSession({ ...registrationStatus.body, nextaction: 'PUSH_SELECTION', userName: 'pete.push' });
    renderAt(<PushScreen />, paths.push);
    await advance(0);
    expect(calls[0]).toMatchObject({ path: 'factor/v1/PushGenerator', body: { credId: 'VSMT20000001' } });
  });
});
