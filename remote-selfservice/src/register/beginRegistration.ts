import type { SelfServiceClient } from '../api/client';
import type { ApiResult } from '@portal/shared/transport';
import {
  readChallengeReply,
  type FidoRegistrationType,
  fidoTypeForRegistration,
  CreationOptionsSchema,
} from '@portal/shared/fido';
import { activeLanguage } from '@portal/shared/config';
import { messages } from '../messages';
import { paths, type RegistrationType } from '../paths';

export type RegistrationCalls = Pick<
  SelfServiceClient,
  'registerOtp' | 'registerMobileOtp' | 'fidoRegChallenge'
>;

/** Where the verification screen is, and the data it starts from. */
export interface RegistrationStep {
  path: string;
  state: unknown;
}

export interface BeginInput {
  type: RegistrationType;
  value: string;
  credentialId: string;
  userName: string;
}

type Begin = (input: BeginInput, calls: RegistrationCalls) => Promise<ApiResult<RegistrationStep>>;

const malformed = (message: string) => ({
  ok: false as const,
  error: { kind: 'malformed' as const, message },
});

const step = (type: RegistrationType, state: unknown): ApiResult<RegistrationStep> => ({
  ok: true,
  data: { path: paths.registerType(type), state },
  status: 200,
});

/** sms and e-mail: OTPRegistrar sends a code to verify on the next screen. */
const beginOtp: Begin = async (input, calls) => {
  const result = await calls.registerOtp({
    credType: input.type,
    credValue: input.value,
    language: activeLanguage(),
  });
  if (!result.ok) return result;
  if (!result.data.credId) return malformed(messages.selfService.unableToRegister);
  return step(input.type, { credId: result.data.credId, credType: input.type, credValue: input.value });
};

/** Mobile authenticator: MobileOTPRegistrar returns the secret for the QR code. */
const beginTotp: Begin = async (input, calls) => {
  const result = await calls.registerMobileOtp('totp', input.value);
  if (!result.ok) return result;
  const { credId, sharedSecret, tenantName, credValue } = result.data;
  if (!credId || !sharedSecret) return malformed(messages.selfService.unableToRegister);
  return step('totp', {
    credId,
    credValue: credValue ?? input.value,
    sharedSecret,
    tenantName: tenantName ?? '',
  });
};

/** FIDO types: the challenge is fetched here so the next screen can start the prompt on load. */
const beginFido =
  (type: FidoRegistrationType): Begin =>
  async (input, calls) => {
    const result = await calls.fidoRegChallenge({
      userName: input.userName,
      deviceName: input.value,
      fidoCredType: input.type,
    });
    if (!result.ok) return result;
    // The sign-in screen's rule: a reply for another type is 'Error in data from server', options
    // that cannot be used 'Error processing data from server'.
    const row = fidoTypeForRegistration(type);
    const found = readChallengeReply(result.data, row, 'register', CreationOptionsSchema);
    if (!found.ok) return malformed(found.message);
    return step(input.type, { fidoCredType: input.type, options: found.options });
  };

/** Vendor push: the registrar is called on the status screen itself. */
const beginPush: Begin = async (input) =>
  step('totp_push', { vipCredentialID: input.credentialId, credValue: input.value });

const begins: Record<RegistrationType, Begin> = {
  sms: beginOtp,
  email: beginOtp,
  totp: beginTotp,
  fido: beginFido('fido'),
  securitykey: beginFido('securitykey'),
  passkey: beginFido('passkey'),
  totp_push: beginPush,
};

/** Step 2's submit: the call for the chosen type, and where to verify it. */
export function beginRegistration(
  input: BeginInput,
  calls: RegistrationCalls,
): Promise<ApiResult<RegistrationStep>> {
  return begins[input.type](
    { ...input, value: input.value.trim(), credentialId: input.credentialId.trim() },
    calls,
  );
}
