import * as v from 'valibot';

export const CRED_TYPES = [
  'sms',
  'email',
  'ivr',
  'totp',
  'totp_push',
  'fido',
  'securitykey',
  'passkey',
] as const;
export const CredTypeSchema = v.picklist(CRED_TYPES);
export type CredType = v.InferOutput<typeof CredTypeSchema>;

/** Factor codes of spec section 3; a code may carry a '/suffix' (e.g. CUSTOM/securid, IDP/corp). */
export const FactorCodeSchema = v.pipe(
  v.string(),
  v.regex(
    /^(PUSH|MOBILEOTP|OTP|FIDO|SECURITYKEY|PASSKEY|PASSWORD|EMAILOTP|SMSOTP|IVROTP|CUSTOM|IDP|RECOVERYCODE)(\/[A-Za-z0-9_-]+)?$/,
    'must be a factor code',
  ),
);

const isoDate = v.pipe(v.string(), v.isoTimestamp());

export const WebAuthnKeySchema = v.object({
  publicKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')),
  counter: v.pipe(v.number(), v.integer(), v.minValue(0)),
  transports: v.optional(v.array(v.string())),
});

export const CredentialSchema = v.object({
  credId: v.pipe(v.string(), v.minLength(1)),
  credType: CredTypeSchema,
  credValue: v.string(),
  status: v.picklist(['ACTIVE', 'INACTIVE']),
  default: v.boolean(),
  createdDatetime: isoDate,
  modifiedDatetime: isoDate,
  /** Verification still outstanding (registered by OTPRegistrar / MobileOTPRegistrar). */
  pending: v.optional(v.boolean()),
  /**
   * The sign-in transaction (flowStateId) that registered this pending credential inline
   * (enrolment during sign-in); only that transaction may generate, verify or complete it.
   */
  enrolmentFlowId: v.optional(v.string()),
  /** TOTP secret (base32), for totp and totp_push credentials. */
  totpSecret: v.optional(v.pipe(v.string(), v.regex(/^[A-Z2-7]+=*$/, 'must be base32'))),
  /** Last TOTP time step accepted, so a code is not accepted twice. */
  lastTotpStep: v.optional(v.number()),
  /** Public key (base64url COSE), counter and transports, for FIDO credentials. */
  webauthn: v.optional(WebAuthnKeySchema),
});
export type Credential = v.InferOutput<typeof CredentialSchema>;

export const SecuridSchema = v.object({
  passcode: v.pipe(v.string(), v.regex(/^\d{1,10}$/)),
  terminatePasscode: v.pipe(v.string(), v.regex(/^\d{1,10}$/)),
});

/** The user's trusted-device policy: after a full sign-in with Remember Me the browser is trusted this long. */
export const TrustedDevicePolicySchema = v.object({
  expiryDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(400)),
});

export const UserSchema = v.object({
  userName: v.pipe(v.string(), v.minLength(1), v.toLowerCase()),
  displayName: v.string(),
  email: v.optional(v.string()),
  description: v.string(),
  password: v.optional(v.string()),
  passwordHash: v.optional(v.pipe(v.string(), v.startsWith('scrypt$'))),
  status: v.picklist(['ACTIVE', 'DISABLED']),
  /** AUTH_DENIED instead of the first step (risk engine says no). */
  denied: v.optional(v.boolean(), false),
  mustChangePassword: v.optional(v.boolean(), false),
  /** Sign-in steps in order; a step with several factors is a FACTOR_SELECTION. */
  steps: v.array(v.pipe(v.array(FactorCodeSchema), v.minLength(1))),
  customFactorOptions: v.optional(v.record(v.string(), v.string())),
  securid: v.optional(SecuridSchema),
  /** Absent: no device is ever trusted for this user (every sign-in runs every step). */
  trustedDevice: v.optional(TrustedDevicePolicySchema),
  credentials: v.array(CredentialSchema),
  /** Fixtures only: unused recovery codes in plain text (10 characters, Crockford base32). */
  recoveryCodes: v.optional(
    v.array(v.pipe(v.string(), v.regex(/^[0-9A-HJKMNP-TV-Z]{10}$/, 'must be a recovery code'))),
  ),
  /** The user's unused recovery codes, as HMACs only (factors/recoveryCodes.ts). */
  recoveryCodeSet: v.optional(v.object({ hmacs: v.array(v.string()), createdDatetime: isoDate })),
});
export type User = v.InferOutput<typeof UserSchema>;

export const FixturesSchema = v.object({
  $comment: v.optional(v.unknown()),
  users: v.array(UserSchema),
});
export type Fixtures = v.InferOutput<typeof FixturesSchema>;
