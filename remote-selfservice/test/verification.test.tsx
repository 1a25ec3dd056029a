import { defaultPortalConfig, portalConfigAtom } from '@portal/shared/config';
import { portalStore } from '@portal/shared/session';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { failNextQrCode } from '@portal/shared/test-support/qrCode';
import { landed, renderScreen } from '@portal/shared/test-support/render';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RegisterOtp } from '../src/registerOtp/RegisterOtp';
import { RegisterTotp } from '../src/registerTotp/RegisterTotp';
import { expectUserCall, SERVICE, serviceError, signedIn } from './session';

vi.mock('@portal/shared/ui/codes', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@portal/shared/ui/codes')>()),
  ...(await import('@portal/shared/test-support/qrCode')),
}));

function typeCode(code: string) {
  [...code].forEach((digit, index) => {
    fireEvent.change(screen.getByLabelText(`Digit ${index + 1} of 6`), { target: { value: digit } });
  });
}

describe('OTP registration verification', () => {
  it('verifies the six digits as a registration (user token, no flow state) and opens self-service', async () => {
    signedIn();
    const server = fakeServer({ base: SERVICE }).on('POST', 'factor/v1/OTPVerifier', {
      json: { data: { status: 'SUCCESS' } },
    });
    renderScreen(<RegisterOtp />, {
      path: '/register/sms',
      state: { credId: 'c1', credType: 'sms', credValue: '+15550001111' },
    });
    expect(screen.getByText('Enter security code sent to +15550001111')).toBeTruthy();
    typeCode('123456');
    await waitFor(() => expect(landed().textContent).toBe('/self-service'));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toEqual({ credId: 'c1', otp: '123456' });
    expectUserCall(server.requests[0]);
  });

  it('a rejected code shows the service message', async () => {
    signedIn();
    fakeServer({ base: SERVICE }).on(
      'POST',
      'factor/v1/OTPVerifier',
      serviceError('Invalid or expired security code'),
    );
    renderScreen(<RegisterOtp />, {
      path: '/register/email',
      state: { credId: 'c1', credType: 'email', credValue: 'pat@example.com' },
    });
    typeCode('000000');
    expect(await screen.findByText('Invalid or expired security code')).toBeTruthy();
  });
});

describe('TOTP registration', () => {
  it('shows the QR and the scan text, and verifies with MobileOTPVerifier', async () => {
    signedIn('pat.password');
    portalStore.set(portalConfigAtom, defaultPortalConfig);
    const server = fakeServer({ base: SERVICE }).on('POST', 'factor/v1/MobileOTPVerifier', {
      json: { data: { status: 'SUCCESS' } },
    });
    renderScreen(<RegisterTotp />, {
      path: '/register/totp',
      state: { credId: 't1', credValue: 'My phone', sharedSecret: 'JBSWY3DPEHPK3PXP', tenantName: 'default' },
    });
    const qr = screen.getByRole('img', { name: 'QR code for your mobile authenticator' });
    expect(
      screen.getByText(
        'Scan the QR code with your mobile authenticator & enter security code to register My phone',
      ),
    ).toBeTruthy();
    expect(qr.dataset.qrText).toBe(
      'otpauth://totp/Authentication%20Hub:pat.password?secret=JBSWY3DPEHPK3PXP&issuer=Authentication%20Hub',
    );
    typeCode('654321');
    await waitFor(() => expect(landed().dataset.state).toBe('{"newCredAdded":true}'));
    expect(server.requests).toHaveLength(1);
    // A registration sends no device tag: that belongs to a sign-in step.
    expect(server.requests[0]?.body).toEqual({ credId: 't1', credValue: 'My phone', otp: '654321' });
    expect(server.requests[0]?.headers.has('X-Device-Tag')).toBe(false);
    expectUserCall(server.requests[0]);
  });

  it('a QR failure is an Unexpected Error', async () => {
    failNextQrCode(new Error('The amount of data is too big'));
    signedIn();
    renderScreen(<RegisterTotp />, {
      path: '/register/totp',
      state: { credId: 't1', credValue: 'x', sharedSecret: 'S', tenantName: 'acme' },
    });
    expect(await screen.findByText('Unexpected Error: The amount of data is too big')).toBeTruthy();
  });
});
