import type { AuthReply } from '@portal/shared/transport';
import { paths } from '../src/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OtpScreen } from '../src/otp/OtpScreen';
import { factorSession, renderAt, stubServer } from './harness';

const sms = { credId: 'sms-1', credType: 'sms', credValue: '+1 ***-0101', default: true };
const opening: AuthReply = {
  nextaction: 'SMS_OTP_SELECTION',
  flowState: 'flow-1',
  userName: 'sam.sms',
  currentFactors: ['SMSOTP'],
  credentials: [sms],
  additional: { currentFactorLevel: 2 },
};
const generated = { nextaction: 'SMS_OTP_AUTH', flowState: 'flow-2', credentials: [sms] };
const allowed = {
  nextaction: 'AUTH_ALLOWED',
  flowState: 'flow-2',
  access_token: 'user-token',
  expires_in: 900,
};

/** The browser's WebOTP API: each request waits until the test delivers an SMS or it is aborted. */
interface Pending {
  options: CredentialRequestOptions;
  deliver(code: string): void;
}
let requests: Pending[];
beforeEach(() => {
  requests = [];
  vi.stubGlobal('OTPCredential', class {});
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      get: (options: CredentialRequestOptions) =>
        new Promise((resolve, reject) => {
          options.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          requests.push({ options, deliver: (code) => resolve({ type: 'otp', code }) });
        }),
    },
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
});

const live = () => requests.filter((r) => !r.options.signal?.aborted);
const digit = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;

describe('codes without typing (WebOTP)', () => {
  it('asks for an SMS code once the code is sent, fills the six boxes and submits', async () => {
    const calls = stubServer({
      'factor/v1/OTPGenerator': [{ body: generated }],
      'factor/v1/OTPVerifier': [{ body: allowed }],
    });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    await waitFor(() => expect(live()).toHaveLength(1));
    expect(live()[0]?.options).toMatchObject({ otp: { transport: ['sms'] } });
    live()[0]?.deliver('314159');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(paths.welcome));
    expect(calls[1]).toMatchObject({ path: 'factor/v1/OTPVerifier', body: { otp: '314159' } });
  });

  it('a code typed by hand aborts the pending request', async () => {
    stubServer({
      'factor/v1/OTPGenerator': [{ body: generated }],
      'factor/v1/OTPVerifier': [
        { status: 401, body: { errorCode: '8800021', errorMessage: 'Invalid or expired security code' } },
      ],
    });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    await waitFor(() => expect(live()).toHaveLength(1));
    fireEvent.paste(digit(1), { clipboardData: { getData: () => '123456' } });
    expect(await screen.findByText('Invalid or expired security code')).toBeTruthy();
    expect(live()).toHaveLength(0);
  });

  it('leaving the screen aborts the pending request', async () => {
    stubServer({ 'factor/v1/OTPGenerator': [{ body: generated }] });
    factorSession(opening);
    const { unmount } = renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    await waitFor(() => expect(live()).toHaveLength(1));
    unmount();
    expect(live()).toHaveLength(0);
  });
});

describe('codes without typing: only for SMS', () => {
  it('an e-mail code is not asked of the WebOTP API', async () => {
    const email = { credId: 'e-1', credType: 'email', credValue: 'p***@example.com', default: true };
    stubServer({
      'factor/v1/OTPGenerator': [
        { body: { nextaction: 'EMAIL_OTP_AUTH', flowState: 'flow-2', credentials: [email] } },
      ],
    });
    factorSession({
      ...opening,
      nextaction: 'EMAIL_OTP_SELECTION',
      currentFactors: ['EMAILOTP'],
      credentials: [email],
    });
    renderAt(<OtpScreen />, paths.eotp);
    await screen.findByText('Enter security code sent to p***@example.com');
    expect(requests).toHaveLength(0);
  });
});
