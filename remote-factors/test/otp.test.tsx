import type { AuthReply } from '@portal/shared/transport';
import { paths } from '../src/paths';
import { flowStateAtom, portalStore } from '@portal/shared/session';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
const generated = {
  nextaction: 'SMS_OTP_AUTH',
  flowState: 'flow-2',
  credentials: [sms],
  data: { message: 'sent' },
};
const allowed = {
  nextaction: 'AUTH_ALLOWED',
  flowState: 'flow-2',
  access_token: 'user-token',
  expires_in: 900,
};

const location = () => screen.getByTestId('location').textContent;
const digit = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);

describe('one-time code screen', () => {
  it('generates a code for the only credential, says where it went, and auto-submits six digits', async () => {
    const calls = stubServer({
      'factor/v1/OTPGenerator': [{ body: generated }],
      'factor/v1/OTPVerifier': [{ body: allowed }],
    });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    expect(await screen.findByText('Enter security code sent to +1 ***-0101')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ credId: 'sms-1', credType: 'sms', action: 'login' });
    expect(digit(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(digit(1).getAttribute('inputmode')).toBe('numeric');
    fireEvent.paste(digit(1), { clipboardData: { getData: () => '123456' } });
    await waitFor(() => expect(location()).toBe(paths.welcome));
    expect(calls[1]).toMatchObject({
      path: 'factor/v1/OTPVerifier',
      body: { credId: 'sms-1', otp: '123456' },
    });
  });

  it("refuses a generate reply whose action is not the credential type's _OTP_AUTH", async () => {
    stubServer({ 'factor/v1/OTPGenerator': [{ body: { ...generated, nextaction: 'EMAIL_OTP_AUTH' } }] });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    expect(await screen.findByText('Invalid action EMAIL_OTP_AUTH')).toBeTruthy();
    expect(screen.queryByText(/Enter security code sent to/)).toBeNull();
  });

  it('shows the server message for a wrong code and empties the boxes', async () => {
    stubServer({
      'factor/v1/OTPGenerator': [{ body: generated }],
      'factor/v1/OTPVerifier': [
        { status: 401, body: { errorCode: '8800021', errorMessage: 'Invalid or expired security code' } },
      ],
    });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    fireEvent.paste(digit(1), { clipboardData: { getData: () => '000000' } });
    expect(await screen.findByText('Invalid or expired security code')).toBeTruthy();
    expect((digit(1) as HTMLInputElement).value).toBe('');
    expect(location()).toBe(paths.sotp);
    // Focus is back in the first box once the boxes are enabled again (not lost to <body>).
    await waitFor(() => expect(document.activeElement).toBe(digit(1)));
    expect((digit(1) as HTMLInputElement).disabled).toBe(false);
  });

  it('asks for the whole code on Submit', async () => {
    stubServer({ 'factor/v1/OTPGenerator': [{ body: generated }] });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    fireEvent.change(digit(1), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Security code must be 6 digits long.')).toBeTruthy();
  });

  it('Resend restores the cached flow state and generates again', async () => {
    const calls = stubServer({ 'factor/v1/OTPGenerator': [{ body: generated }] });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    portalStore.set(flowStateAtom, 'flow-changed-by-a-failed-verify');
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.headers.get('X-Flow-State')).toBe('flow-1');
  });

  it('confirms each Resend in a status region, and says nothing for the first code', async () => {
    const calls = stubServer({ 'factor/v1/OTPGenerator': [{ body: generated }] });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    const confirmation = 'A new code was sent to +1 ***-0101.';
    expect(screen.queryByText(confirmation)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    const shown = await screen.findByText(confirmation);
    expect(shown.closest('[role="status"]')).toBeTruthy();
    // A second Resend is confirmed again: its line is a new status region's, announced anew.
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    await waitFor(() => expect(screen.getByText(confirmation)).not.toBe(shown));
    expect(screen.getAllByText(confirmation)).toHaveLength(1);
  });

  it('offers a chooser for several credentials and generates for the chosen one', async () => {
    const email = { credId: 'email-1', credType: 'email', credValue: 'o***@example.com', default: false };
    const calls = stubServer({
      'factor/v1/OTPGenerator': [
        { body: { ...generated, nextaction: 'EMAIL_OTP_AUTH', credentials: [email] } },
      ],
    });
    factorSession({ ...opening, credentials: [sms, email] });
    renderAt(<OtpScreen />, paths.sotp);
    expect(screen.getByRole('group', { name: 'Select a way to sign in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'o***@example.com (Email)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Enter security code sent to o***@example.com')).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({ credId: 'email-1', credType: 'email' });
  });

  it('offers More Options only when the step had a choice, and it opens factor selection', async () => {
    const calls = stubServer({
      'factor/v1/OTPGenerator': [{ body: generated }],
      'auth/v1/SelectedFactor': [
        { body: { nextaction: 'FACTOR_SELECTION', flowState: 'flow-2', currentFactors: ['SMSOTP', 'PUSH'] } },
      ],
    });
    factorSession({ ...opening, currentFactors: ['SMSOTP', 'PUSH'] });
    renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    fireEvent.click(screen.getByRole('button', { name: 'More Options' }));
    await waitFor(() => expect(location()).toBe(paths.factorSelection));
    expect(calls[1]?.body).toEqual({ action: 'chooseanother' });
  });

  it('has no More Options for a single-factor step', async () => {
    stubServer({ 'factor/v1/OTPGenerator': [{ body: generated }] });
    factorSession(opening);
    renderAt(<OtpScreen />, paths.sotp);
    await screen.findByText('Enter security code sent to +1 ***-0101');
    expect(screen.queryByRole('button', { name: 'More Options' })).toBeNull();
  });

  it('goes to the start without a client token or user', async () => {
    factorSession(opening, { userName: null });
    renderAt(<OtpScreen />, paths.sotp);
    await waitFor(() => expect(location()).toBe(paths.direct));
  });
});
