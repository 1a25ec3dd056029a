import { api } from '@portal/shared/transport';
import {
  clientTokenAtom,
  flowStateAtom,
  serviceUrlAtom,
  userTokenAtom,
  portalStore,
} from '@portal/shared/session';
import { describe, expect, it } from 'vitest';
import { fakeServer, type RecordedRequest } from '../test-support/fakeServer';

// Enrolment during sign-in: the registrars run in the sign-in transaction (client token, flow
// state), not as the signed-in user, even if a user token happens to be in memory.

const SERVICE = 'http://sso.test/default/';

function inFlow() {
  portalStore.set(serviceUrlAtom, SERVICE);
  portalStore.set(clientTokenAtom, 'client-1');
  portalStore.set(userTokenAtom, 'user-1');
  portalStore.set(flowStateAtom, 'fs-1');
}

function expectFlowCall(request: RecordedRequest | undefined, deviceTag: boolean) {
  expect(request?.headers.get('Authorization')).toBe('Bearer client-1');
  expect(request?.headers.get('X-Flow-State')).toBe('fs-1');
  expect(request?.headers.get('X-Device-Tag')).toBe(deviceTag ? 'true' : null);
}

describe('enrolment calls (client token and flow state)', () => {
  it('enrolOtp: the OTPRegistrar variant with default true and the device tag', async () => {
    inFlow();
    const server = fakeServer({ base: SERVICE }).on('POST', 'factor/v1/OTPRegistrar', {
      json: { credId: 'c1', credType: 'ivr', credValue: '+15550100999', flowState: 'fs-2' },
    });
    const result = await api.enrolOtp({ credType: 'ivr', credValue: '+15550100999', language: 'fr_CA' });
    expect(result).toMatchObject({ ok: true, data: { credId: 'c1' } });
    const [request] = server.requests;
    expectFlowCall(request, true);
    expect(request?.body).toEqual({
      credType: 'ivr',
      credValue: '+15550100999',
      language: 'fr_CA',
      default: true,
      deviceTag: true,
    });
    expect(portalStore.get(flowStateAtom)).toBe('fs-2');
  });

  it('enrolMobileOtp: MobileOTPRegistrar { credType, credValue }', async () => {
    inFlow();
    const server = fakeServer({ base: SERVICE }).on('POST', 'factor/v1/MobileOTPRegistrar', {
      json: { credId: 't1', credType: 'totp', credValue: 'mia', sharedSecret: 'ABC', tenantName: 'default' },
    });
    const result = await api.enrolMobileOtp('totp', 'mia');
    expect(result).toMatchObject({ ok: true, data: { sharedSecret: 'ABC', tenantName: 'default' } });
    expectFlowCall(server.requests[0], false);
    expect(server.requests[0]?.body).toEqual({ credType: 'totp', credValue: 'mia' });
  });

  it('enrolPushCredential: VIPCredentialRegistrar with language and the device tag; an auth reply', async () => {
    inFlow();
    const server = fakeServer({ base: SERVICE }).on('POST', 'factor/v1/VIPCredentialRegistrar', {
      json: {
        nextaction: 'PUSH_REGISTRATION_STATUS',
        credentials: [{ credId: 'VSMT20000001', credType: 'totp_push', credValue: 'Phone', default: true }],
      },
    });
    const input = {
      vipCredentialID: 'VSMT20000001',
      credType: 'totp_push',
      credValue: 'Phone',
      language: 'en_US',
    };
    const result = await api.enrolPushCredential(input);
    expect(result).toMatchObject({ ok: true, data: { nextaction: 'PUSH_REGISTRATION_STATUS' } });
    expectFlowCall(server.requests[0], true);
    expect(server.requests[0]?.body).toEqual({ ...input, deviceTag: true });
  });

  it("a refusal is an error with the server's message", async () => {
    inFlow();
    fakeServer({ base: SERVICE }).on('POST', 'factor/v1/OTPRegistrar', {
      status: 400,
      json: { errorCode: '0000400', errorMessage: 'Phone number not supported' },
    });
    const result = await api.enrolOtp({ credType: 'sms', credValue: '+15550100999', language: 'en_US' });
    expect(result).toMatchObject({ ok: false, error: { message: 'Phone number not supported' } });
  });
});
