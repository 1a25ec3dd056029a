/** A 4xx reply in the SSO's error shape: { errorCode, errorMessage }. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    readonly errorMessage: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(errorMessage);
  }

  toBody(): Record<string, unknown> {
    return { errorCode: this.errorCode, errorMessage: this.errorMessage, ...this.extra };
  }
}

/** The error catalogue the emulator uses; spec section 8 codes plus emulator-specific ones. */
export const errors = {
  badRequest: (message: string) => new ApiError(400, '0000400', message),
  invalidFlowState: () => new ApiError(401, '0000010', 'Invalid X-Flow-State header'),
  invalidAccessToken: () => new ApiError(401, '0000005', 'invalid access token'),
  userNotFound: () => new ApiError(400, '8800004', 'User not found'),
  userDisabled: () => new ApiError(403, '8800015', 'The user is disabled'),
  invalidCredentials: () => new ApiError(401, '8800011', 'Invalid credentials'),
  invalidOtp: () => new ApiError(401, '8800021', 'Invalid or expired security code'),
  unexpectedFactor: (factor: string) =>
    new ApiError(400, '8800030', `Factor ${factor} is not expected at this step of the flow`),
  credentialNotFound: () => new ApiError(404, '8800040', 'Credential not found'),
  /**
   * Our code (issue 27): no credential with this id exists at all (deleted, or never registered),
   * as opposed to one that exists but cannot be used here (8800040). The portal then tells the
   * browser's passkey manager (WebAuthn signalUnknownCredential).
   */
  credentialUnknown: () =>
    new ApiError(404, '8800041', 'This passkey is no longer registered. Sign in another way.'),
  fidoVerificationFailed: (reason: string) =>
    new ApiError(400, '8800050', `FIDO verification failed: ${reason}`),
  stepUpRequired: () =>
    new ApiError(403, '8800060', 'Confirm with your password to delete the last credential of its type'),
  stepUpLocked: () => new ApiError(403, '8800061', 'Too many wrong passwords: sign in again to delete it'),
  invalidRecoveryCode: () => new ApiError(401, '8800023', 'Invalid recovery code'),
  recoveryCodesLocked: () =>
    new ApiError(403, '8800024', 'Too many wrong recovery codes: try again later or contact the help desk'),
  notFound: () => new ApiError(404, '0000404', 'Not found'),
} as const;
