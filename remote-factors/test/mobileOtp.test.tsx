import type { AuthReply } from '@portal/shared/transport';
import { paths } from '../src/paths';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MobileOtpScreen } from '../src/mobileOtp/MobileOtpScreen';
import { factorSession, renderAt, stubServer } from './harness';

const totp = { credId: 'totp-tina-1', credType: 'totp', credValue: 'Tina phone', default: true };
const opening: AuthReply = {
  nextaction: 'MOBILEOTP_AUTH',
  flowState: 'flow-1',
  userName: 'tina.totp',
  currentFactors: ['MOBILEOTP'],
  credentials: [totp],
};
const location = () => screen.getByTestId('location').textContent;

describe('mobile authenticator screen', () => {
  it('selects the only option and verifies a complete code', async () => {
    const calls = stubServer({
      'factor/v1/MobileOTPVerifier': [{ body: { nextaction: 'AUTH_ALLOWED', access_token: 'user' } }],
    });
    factorSession(opening, { userName: 'tina.totp' });
    renderAt(<MobileOtpScreen />, paths.motp);
    expect(screen.queryByRole('group', { name: 'Select a way to sign in' })).toBeNull();
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '654321' } });
    await waitFor(() => expect(location()).toBe(paths.welcome));
    expect(calls[0]?.body).toMatchObject({ credId: 'totp-tina-1', credValue: 'Tina phone', otp: '654321' });
  });

  it('requires the code', () => {
    const calls = stubServer({});
    factorSession(opening, { userName: 'tina.totp' });
    renderAt(<MobileOtpScreen />, paths.motp);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Security code must be 6 digits long.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('asks which authenticator when there are several', async () => {
    const calls = stubServer({
      'factor/v1/MobileOTPVerifier': [
        { status: 401, body: { errorMessage: 'Invalid or expired security code' } },
      ],
    });
    factorSession(
      { ...opening, credentials: [totp, { ...totp, credId: 'totp-2', credValue: 'Tablet', default: false }] },
      { userName: 'tina.totp' },
    );
    renderAt(<MobileOtpScreen />, paths.motp);
    fireEvent.click(screen.getByRole('radio', { name: /Tablet/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.paste(screen.getByLabelText('Digit 1 of 6'), { clipboardData: { getData: () => '111111' } });
    expect(await screen.findByText('Invalid or expired security code')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ credId: 'totp-2' });
  });
});
