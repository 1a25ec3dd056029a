import { portalConfigAtom, defaultPortalConfig } from '@portal/shared/config/portalConfig';
import { userNameAtom } from '@portal/shared/session/atoms';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { RegisterOtp } from '../src/registerOtp/RegisterOtp';
import { RegisterTotp } from '../src/registerTotp/RegisterTotp';
import { httpError, ok, renderScreen } from './render';

vi.mock('qrcode', () => ({ toCanvas: vi.fn(async () => undefined) }));

function typeCode(code: string) {
  [...code].forEach((digit, index) => {
    fireEvent.change(screen.getByLabelText(`Digit ${index + 1} of 6`), { target: { value: digit } });
  });
}

describe('OTP registration verification', () => {
  // That the call carries the user token and no sign-in flow state is the API client's rule
  // (shared/test/apiClient.test.ts); this screen's part is the call and where it lands.
  it('verifies the six digits as a registration and opens self-service', async () => {
    const store = createStore();
    const verifyOtp = vi.fn(async () => ok({ data: { status: 'SUCCESS' } }));
    renderScreen(<RegisterOtp verifyOtp={verifyOtp} />, {
      store,
      path: '/register/sms',
      state: { credId: 'c1', credType: 'sms', credValue: '+15550001111' },
    });
    expect(screen.getByText('Enter security code sent to +15550001111')).toBeTruthy();
    typeCode('123456');
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/self-service'));
    expect(verifyOtp).toHaveBeenCalledWith('c1', '123456', { registering: true });
  });

  it('a rejected code shows the service message', async () => {
    renderScreen(
      <RegisterOtp verifyOtp={vi.fn(async () => httpError('Invalid or expired security code'))} />,
      {
        path: '/register/email',
        state: { credId: 'c1', credType: 'email', credValue: 'pat@example.com' },
      },
    );
    typeCode('000000');
    expect(await screen.findByText('Invalid or expired security code')).toBeTruthy();
  });
});

describe('TOTP registration', () => {
  it('shows the QR and the scan text, and verifies with MobileOTPVerifier', async () => {
    const store = createStore();
    store.set(portalConfigAtom, defaultPortalConfig);
    store.set(userNameAtom, 'pat.password');
    const verifyMobileOtp = vi.fn(async () => ok({ data: { status: 'SUCCESS' } }));
    renderScreen(<RegisterTotp verifyMobileOtp={verifyMobileOtp} />, {
      store,
      path: '/register/totp',
      state: { credId: 't1', credValue: 'My phone', sharedSecret: 'JBSWY3DPEHPK3PXP', tenantName: 'default' },
    });
    expect(screen.getByRole('img', { name: 'QR code for your mobile authenticator' })).toBeTruthy();
    expect(
      screen.getByText(
        'Scan the QR code with your mobile authenticator & enter security code to register My phone',
      ),
    ).toBeTruthy();
    const { toCanvas } = await import('qrcode');
    expect(vi.mocked(toCanvas).mock.calls[0]?.[1]).toBe(
      'otpauth://totp/Authentication%20Hub:pat.password?secret=JBSWY3DPEHPK3PXP&issuer=Authentication%20Hub',
    );
    expect(vi.mocked(toCanvas).mock.calls[0]?.[2]).toEqual({
      width: 256,
      margin: 4,
      errorCorrectionLevel: 'M',
    });
    typeCode('654321');
    await waitFor(() => expect(screen.getByTestId('landed').dataset.state).toBe('{"newCredAdded":true}'));
    expect(verifyMobileOtp).toHaveBeenCalledWith(
      { credId: 't1', credValue: 'My phone', otp: '654321' },
      { registering: true },
    );
  });

  it('a QR failure is an Unexpected Error', async () => {
    const { toCanvas } = await import('qrcode');
    vi.mocked(toCanvas).mockRejectedValueOnce(new Error('The amount of data is too big'));
    renderScreen(<RegisterTotp verifyMobileOtp={vi.fn()} />, {
      path: '/register/totp',
      state: { credId: 't1', credValue: 'x', sharedSecret: 'S', tenantName: 'acme' },
    });
    expect(await screen.findByText('Unexpected Error: The amount of data is too big')).toBeTruthy();
  });
});
