import { describe, expect, it, vi } from 'vitest';
import { serviceErrorText, unexpectedErrorText } from '../src/common/errorText';
import { credentialViews } from '../src/credentials/credentialView';
import { beginRegistration, type RegistrationCalls } from '../src/register/beginRegistration';
import { canSubmitRegistration, validateRegistration } from '../src/register/validation';
import { promptErrorOutcome } from '../src/registerFido/fidoErrors';
import { httpError, ok } from './results';

describe('registration validation (spec section 5)', () => {
  const base = { value: '', credentialId: '' };
  it('email needs an e-mail format', () => {
    expect(validateRegistration({ ...base, type: 'email', value: 'nope' }).value).toBe(
      'Enter a valid e-mail address.',
    );
    expect(validateRegistration({ ...base, type: 'email', value: 'a@b.co' })).toEqual({});
  });
  it('sms needs at least 11 characters', () => {
    expect(validateRegistration({ ...base, type: 'sms', value: '1234567890' }).value).toMatch(/at least 11/);
    expect(validateRegistration({ ...base, type: 'sms', value: '12345678901' })).toEqual({});
  });
  it('other types need a value; totp_push also a credential ID', () => {
    expect(validateRegistration({ ...base, type: 'fido' }).value).toBe('A value is required.');
    expect(validateRegistration({ ...base, type: 'totp_push', value: 'phone' }).credentialId).toBe(
      'A credential ID is required.',
    );
  });
  it('Next is off without a type, with sms/email (not registrable here) or an invalid form', () => {
    expect(canSubmitRegistration({ ...base, type: null })).toBe(false);
    expect(canSubmitRegistration({ ...base, type: 'email', value: 'a@b.co' })).toBe(false);
    expect(canSubmitRegistration({ ...base, type: 'totp', value: '' })).toBe(false);
    expect(canSubmitRegistration({ ...base, type: 'totp', value: 'phone' })).toBe(true);
  });
});

describe('credential list view', () => {
  it('sorts by rank, names the types and dates "Added Month D, YYYY" (invalid date raw)', () => {
    const views = credentialViews([
      {
        credId: '3',
        credType: 'totp',
        credValue: 'app',
        status: 'ACTIVE',
        default: true,
        createdDatetime: '2024-03-05T10:00:00Z',
      },
      {
        credId: '1',
        credType: 'sms',
        credValue: '+1555',
        status: 'INACTIVE',
        default: false,
        createdDatetime: 'yesterday',
      },
      { credId: '2', credType: 'passkey', credValue: 'key', status: 'ACTIVE' },
    ]);
    expect(views.map((view) => view.typeName)).toEqual(['SMS', 'Passkey', 'Mobile OTP']);
    expect(views.map((view) => view.added)).toEqual(['Added yesterday', null, 'Added March 5, 2024']);
    expect(views.map((view) => view.active)).toEqual([false, true, true]);
  });
});

describe('error texts', () => {
  it('service message when given, else the self-service default', () => {
    expect(serviceErrorText({ kind: 'http', message: 'Credential not found' })).toBe('Credential not found');
    expect(serviceErrorText({ kind: 'network', message: 'The server could not be reached.' })).toBe(
      'Unable to register, please try again.',
    );
    expect(unexpectedErrorText(new TypeError('x is undefined'))).toBe('Unexpected Error: x is undefined');
  });
  it('an excluded authenticator says it is already registered; an aborted ceremony is ignored', () => {
    const invalidState = Object.assign(new Error('excluded'), { name: 'InvalidStateError' });
    expect(promptErrorOutcome(invalidState)).toEqual({
      kind: 'message',
      text: 'This authenticator is already registered',
    });
    expect(promptErrorOutcome({ code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' })).toMatchObject({
      kind: 'message',
    });
    expect(promptErrorOutcome({ code: 'ERROR_CEREMONY_ABORTED' })).toEqual({ kind: 'ignore' });
    expect(promptErrorOutcome(new Error('weird'))).toEqual({
      kind: 'message',
      text: 'Unexpected Error: weird',
    });
  });
});

describe('beginRegistration', () => {
  const creation = {
    challenge: 'abc',
    rp: { name: 'Hub', id: 'localhost' },
    user: { id: 'dXNlcg', name: 'pat', displayName: 'Pat' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  };
  function calls(overrides: Partial<RegistrationCalls> = {}): RegistrationCalls {
    return {
      registerOtp: vi.fn(),
      registerMobileOtp: vi.fn(async () =>
        ok({ credId: 't1', credValue: 'app', sharedSecret: 'S3CR3T', tenantName: 'default' }),
      ),
      // As the service answers: the type's registration challenge.
      fidoRegChallenge: vi.fn(async ({ fidoCredType }: { fidoCredType: string }) =>
        ok({ nextaction: `${fidoCredType.toUpperCase()}_REGISTER_VERIFY_CHALLENGE`, data: creation }),
      ),
      ...overrides,
    } as RegistrationCalls;
  }
  const input = { value: ' my phone ', credentialId: '', userName: 'pat' };

  it('totp: MobileOTPRegistrar, then /register/totp with the secret', async () => {
    const c = calls();
    const result = await beginRegistration({ ...input, type: 'totp' }, c);
    expect(c.registerMobileOtp).toHaveBeenCalledWith('totp', 'my phone');
    expect(result).toEqual(
      ok({
        path: '/register/totp',
        state: { credId: 't1', credValue: 'app', sharedSecret: 'S3CR3T', tenantName: 'default' },
      }),
    );
  });
  it('fido types: the challenge goes with the navigation', async () => {
    const c = calls();
    const result = await beginRegistration({ ...input, type: 'securitykey' }, c);
    expect(c.fidoRegChallenge).toHaveBeenCalledWith({
      userName: 'pat',
      deviceName: 'my phone',
      fidoCredType: 'securitykey',
    });
    expect(result).toEqual(
      ok({ path: '/register/securitykey', state: { fidoCredType: 'securitykey', options: creation } }),
    );
  });
  it('fido: a reply without usable creation options is "Error processing data from server"', async () => {
    const c = calls({
      fidoRegChallenge: vi.fn(async () => ok({ data: { message: 'hm' } })),
    } as unknown as Partial<RegistrationCalls>);
    const result = await beginRegistration({ ...input, type: 'fido' }, c);
    expect(result).toMatchObject({ ok: false, error: { message: 'Error processing data from server' } });
  });
  it('fido: a challenge for another type is "Error in data from server", even with valid options', async () => {
    const c = calls({
      fidoRegChallenge: vi.fn(async () =>
        ok({ nextaction: 'PASSKEY_REGISTER_VERIFY_CHALLENGE', data: creation }),
      ),
    } as unknown as Partial<RegistrationCalls>);
    const result = await beginRegistration({ ...input, type: 'securitykey' }, c);
    expect(result).toMatchObject({ ok: false, error: { message: 'Error in data from server' } });
  });
  it('fido: the options are read in publicKey or at the top level too', async () => {
    for (const reply of [
      { publicKey: creation },
      { nextaction: 'FIDO_REGISTER_VERIFY_CHALLENGE', ...creation },
    ]) {
      const c = calls({
        fidoRegChallenge: vi.fn(async () => ok(reply)),
      } as unknown as Partial<RegistrationCalls>);
      const result = await beginRegistration({ ...input, type: 'fido' }, c);
      expect(result).toMatchObject({
        ok: true,
        data: { state: { options: { challenge: creation.challenge } } },
      });
    }
  });
  it('totp_push: no call yet, the status screen registers', async () => {
    const result = await beginRegistration({ ...input, type: 'totp_push', credentialId: ' VSMT1 ' }, calls());
    expect(result).toEqual(
      ok({ path: '/register/totp_push', state: { vipCredentialID: 'VSMT1', credValue: 'my phone' } }),
    );
  });
  it('a service error is passed on', async () => {
    const c = calls({
      registerMobileOtp: vi.fn(async () => httpError('Nope')),
    } as Partial<RegistrationCalls>);
    expect(await beginRegistration({ ...input, type: 'totp' }, c)).toEqual(httpError('Nope'));
  });
});
