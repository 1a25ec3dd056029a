import {
  type CallOptions,
  type RequestDeps,
  type Send,
  AuthReplySchema,
  FidoChallengeReplySchema,
} from '@portal/shared/transport';
import type { GenericSchema } from 'valibot';
import { RegistrationResultSchema } from './schemas';

const FIDO_REG_CHALLENGE = 'factor/v1/FIDORegChallengeGenerator';
const FIDO_REG_VERIFY = 'factor/v1/FIDORegChallengeVerifier';
/** Signed-in registration: the service wants the user-token and no-flow-state markers in the body too. */
const SIGNED_IN = { userAccessToken: true, noFlowState: true } as const;

export interface RegistrationDeps extends RequestDeps {
  /** The page origin, sent as documentDomain (the WebAuthn relying party checks it). */
  origin: () => string;
}

/**
 * The self-service registration calls of spec section 7: signed in, so every one carries the
 * user token. (Enrolment during sign-in has its own calls, in remote-factors.)
 */
export function createRegistrationCalls(send: Send, deps: RegistrationDeps) {
  /** A signed-in POST to the service: user token, outside any flow when `noFlowState`. */
  const post = <S extends GenericSchema>(
    path: string,
    body: object,
    schema: S,
    call: CallOptions | undefined,
    noFlowState = false,
  ) =>
    send({
      ...call,
      method: 'POST',
      path,
      base: 'service',
      token: 'user',
      body,
      schema,
      ...(noFlowState ? { noFlowState: true } : {}),
    });

  return {
    /** POST factor/v1/OTPRegistrar { credType, credValue, language }: sends a code to verify. */
    registerOtp(input: { credType: string; credValue: string; language: string }, call?: CallOptions) {
      return post('factor/v1/OTPRegistrar', input, RegistrationResultSchema, call);
    },

    /** POST factor/v1/OTPVerifier { credId, otp }: the code of a registration. */
    verifyOtp(credId: string, otp: string, call?: CallOptions) {
      return post('factor/v1/OTPVerifier', { credId, otp }, AuthReplySchema, call);
    },

    /** POST factor/v1/MobileOTPRegistrar { credType, credValue }: the QR secret. */
    registerMobileOtp(credType: string, credValue: string, call?: CallOptions) {
      return post('factor/v1/MobileOTPRegistrar', { credType, credValue }, RegistrationResultSchema, call);
    },

    /** POST factor/v1/MobileOTPVerifier { credId, credValue, otp }: the first code of the app. */
    verifyMobileOtp(input: { credId: string; credValue: string; otp: string }, call?: CallOptions) {
      return post('factor/v1/MobileOTPVerifier', input, AuthReplySchema, call);
    },

    /** POST factor/v1/VIPCredentialRegistrar: registers a vendor push credential. */
    registerVipCredential(
      input: { vipCredentialID: string; credType: string; credValue: string; language: string },
      call?: CallOptions,
    ) {
      return post('factor/v1/VIPCredentialRegistrar', input, RegistrationResultSchema, call);
    },

    /** POST {serviceUrl}factor/v1/FIDORegChallengeGenerator (signed in, outside any flow). */
    fidoRegChallenge(
      input: { userName: string; deviceName: string; fidoCredType: string; mediation?: 'conditional' },
      call?: CallOptions,
    ) {
      const { userName, deviceName, mediation } = input;
      const fidoCredType = input.fidoCredType.toUpperCase();
      // mediation (our field, issue 27): the passkey will be created by conditional create.
      const body = {
        userName,
        deviceName,
        documentDomain: deps.origin(),
        fidoCredType,
        ...SIGNED_IN,
        ...(mediation ? { mediation } : {}),
      };
      return post(FIDO_REG_CHALLENGE, body, FidoChallengeReplySchema, call, true);
    },

    /** POST {serviceUrl}factor/v1/FIDORegChallengeVerifier with the encoded credential. */
    fidoRegVerify(credential: object, fidoCredType: string, call?: CallOptions) {
      const body = { ...credential, fidoCredType: fidoCredType.toUpperCase(), ...SIGNED_IN };
      return post(FIDO_REG_VERIFY, body, AuthReplySchema, call, true);
    },
  };
}
