import type { CallOptions, Send } from './request';
import { AuthReplySchema, RegistrationResultSchema } from './schemas';

/** Marks a body for the service's device-tag handling; the header goes with it. */
const DEVICE_TAG = { deviceTag: true } as const;

/** Registration calls run signed-in (user token); login calls use the client token. */
export interface RegisteringOption {
  registering?: boolean;
}

/** Factor calls of spec section 7. */
export function createFactorCalls(send: Send) {
  return {
    /** POST factor/v1/CustomAuthenticator: the securid flow id and the pin+passcode. */
    customAuthenticate(code: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/CustomAuthenticator',
        base: 'service',
        body: {
          operationalContext: [{ key: 'flowId', value: 'securid' }],
          credData: [{ key: 'code', value: code }],
        },
        schema: AuthReplySchema,
      });
    },

    /** POST factor/v1/PushGenerator { credId, action 'login', language, device tag }. */
    generatePush(credId: string, language: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/PushGenerator',
        base: 'service',
        body: { credId, action: 'login', language, ...DEVICE_TAG },
        deviceTag: true,
        schema: AuthReplySchema,
      });
    },

    /** POST factor/v1/PushStatus { credId, device tag }: polled every PUSH_POLL_INTERVAL_MS. */
    pushStatus(credId: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/PushStatus',
        base: 'service',
        body: { credId, ...DEVICE_TAG },
        deviceTag: true,
        schema: AuthReplySchema,
      });
    },

    /** POST factor/v1/VIPCredentialRegistrar (user token): registers a vendor push credential. */
    registerVipCredential(
      input: {
        vipCredentialID: string;
        credType: string;
        credValue: string;
        language: string;
      },
      call?: CallOptions,
    ) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/VIPCredentialRegistrar',
        base: 'service',
        token: 'user',
        body: input,
        schema: RegistrationResultSchema,
      });
    },

    /** POST factor/v1/OTPGenerator { credId, credType, action 'login', device tag }. */
    generateOtp(credId: string, credType: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/OTPGenerator',
        base: 'service',
        body: { credId, credType, action: 'login', ...DEVICE_TAG },
        deviceTag: true,
        schema: AuthReplySchema,
      });
    },

    /** POST factor/v1/OTPVerifier { credId, otp }; the user token when verifying a registration. */
    verifyOtp(credId: string, otp: string, options: RegisteringOption = {}, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/OTPVerifier',
        base: 'service',
        token: options.registering ? 'user' : 'client',
        body: { credId, otp },
        schema: AuthReplySchema,
      });
    },

    /**
     * POST factor/v1/OTPRegistrar { credType, credValue, language } (user token). The inline
     * variant (`asDefault`) adds default true and the device tag.
     */
    registerOtp(
      input: { credType: string; credValue: string; language: string },
      options: { asDefault?: boolean } = {},
      call?: CallOptions,
    ) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/OTPRegistrar',
        base: 'service',
        token: 'user',
        body: options.asDefault ? { ...input, default: true, ...DEVICE_TAG } : input,
        deviceTag: options.asDefault === true,
        schema: RegistrationResultSchema,
      });
    },

    /** POST factor/v1/MobileOTPRegistrar { credType, credValue } (user token): QR secret. */
    registerMobileOtp(credType: string, credValue: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/MobileOTPRegistrar',
        base: 'service',
        token: 'user',
        body: { credType, credValue },
        schema: RegistrationResultSchema,
      });
    },

    /**
     * POST factor/v1/MobileOTPVerifier { credId, credValue, otp }: the user token when
     * registering, otherwise (login) the device tag.
     */
    verifyMobileOtp(
      input: { credId: string; credValue: string; otp: string },
      options: RegisteringOption = {},
      call?: CallOptions,
    ) {
      const registering = options.registering === true;
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/MobileOTPVerifier',
        base: 'service',
        token: registering ? 'user' : 'client',
        body: registering ? input : { ...input, ...DEVICE_TAG },
        deviceTag: !registering,
        schema: AuthReplySchema,
      });
    },

    /**
     * Enrolment during sign-in (an `SMS|EMAIL|IVR_OTP_REGISTER` step): the spec's OTPRegistrar
     * variant { credType, credValue, language, default true, device tag } with the client token
     * and the flow state, since the user is not signed in yet. The reply names the new credential
     * (credId), which OTPGenerator then sends a code for.
     */
    enrolOtp(input: { credType: string; credValue: string; language: string }, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/OTPRegistrar',
        base: 'service',
        token: 'client',
        body: { ...input, default: true, ...DEVICE_TAG },
        deviceTag: true,
        schema: RegistrationResultSchema,
      });
    },

    /**
     * Enrolment during sign-in (MOBILEOTP_REGISTER): MobileOTPRegistrar { credType, credValue }
     * with the client token and the flow state; the reply carries sharedSecret and tenantName for
     * the QR code. The first code goes to verifyMobileOtp (sign-in variant, device tag).
     */
    enrolMobileOtp(credType: string, credValue: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/MobileOTPRegistrar',
        base: 'service',
        token: 'client',
        body: { credType, credValue },
        schema: RegistrationResultSchema,
      });
    },

    /**
     * Enrolment during sign-in (PUSH_REGISTRATION_INITIATOR): VIPCredentialRegistrar { vipCredentialID,
     * credType, credValue, language, device tag } with the client token and the flow state. The
     * reply is an auth reply, PUSH_REGISTRATION_STATUS with the new credential in credentials[0],
     * whose approval pushStatus then reports.
     */
    enrolPushCredential(
      input: { vipCredentialID: string; credType: string; credValue: string; language: string },
      call?: CallOptions,
    ) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/VIPCredentialRegistrar',
        base: 'service',
        token: 'client',
        body: { ...input, ...DEVICE_TAG },
        deviceTag: true,
        schema: AuthReplySchema,
      });
    },
  };
}
