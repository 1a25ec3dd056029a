import { type CallOptions, type Send, AuthReplySchema } from '@portal/shared/transport';
import { PushGenerateReplySchema, RegistrationResultSchema } from './schemas';

/** Marks a body for the service's device-tag handling; the header goes with it. */
const DEVICE_TAG = { deviceTag: true } as const;

/**
 * The sign-in calls of the factor screens (spec section 7): every one runs inside the flow, with
 * the client token and the flow state the kernel's transport adds.
 */
export function createFactorCalls(send: Send) {
  const post = (path: string, body: object, call: CallOptions | undefined, deviceTag = false) =>
    send({
      ...call,
      method: 'POST',
      path,
      base: 'service',
      body: deviceTag ? { ...body, ...DEVICE_TAG } : body,
      deviceTag,
      schema: AuthReplySchema,
    });

  return {
    /** POST auth/v1/SelectedFactor { factor }: the factor picked on factor selection. */
    selectFactor(factor: string, call?: CallOptions) {
      return post('auth/v1/SelectedFactor', { factor }, call);
    },

    /** 'Choose another' (More Options): back to the factor choice. */
    chooseAnotherFactor(call?: CallOptions) {
      return post('auth/v1/SelectedFactor', { action: 'chooseanother' }, call);
    },

    /** Restores the last action; its reply is routed with the automatic factor redirect skipped. */
    restoreLastAction(call?: CallOptions) {
      return post('auth/v1/SelectedFactor', { action: 'restorelastaction', latestFlowState: true }, call);
    },

    /** POST factor/v1/OTPGenerator { credId, credType, action 'login', device tag }. */
    generateOtp(credId: string, credType: string, call?: CallOptions) {
      return post('factor/v1/OTPGenerator', { credId, credType, action: 'login' }, call, true);
    },

    /** POST factor/v1/OTPVerifier { credId, otp }. */
    verifyOtp(credId: string, otp: string, call?: CallOptions) {
      return post('factor/v1/OTPVerifier', { credId, otp }, call);
    },

    /** POST factor/v1/MobileOTPVerifier { credId, credValue, otp, device tag }. */
    verifyMobileOtp(input: { credId: string; credValue: string; otp: string }, call?: CallOptions) {
      return post('factor/v1/MobileOTPVerifier', input, call, true);
    },

    /**
     * POST factor/v1/PushGenerator { credId, action 'login', language, device tag }; the reply may
     * carry number matching (PushGenerateReplySchema).
     */
    generatePush(credId: string, language: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'factor/v1/PushGenerator',
        base: 'service',
        body: { credId, action: 'login', language, ...DEVICE_TAG },
        deviceTag: true,
        schema: PushGenerateReplySchema,
      });
    },

    /** POST factor/v1/PushStatus { credId, device tag }: polled every PUSH_POLL_INTERVAL_MS. */
    pushStatus(credId: string, call?: CallOptions) {
      return post('factor/v1/PushStatus', { credId }, call, true);
    },

    /** POST factor/v1/CustomAuthenticator: the securid flow id and the pin+passcode. */
    customAuthenticate(code: string, call?: CallOptions) {
      const body = {
        operationalContext: [{ key: 'flowId', value: 'securid' }],
        credData: [{ key: 'code', value: code }],
      };
      return post('factor/v1/CustomAuthenticator', body, call);
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
     * the QR code. The first code goes to verifyMobileOtp.
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
      return post('factor/v1/VIPCredentialRegistrar', input, call, true);
    },
  };
}
