import * as v from 'valibot';

const credId = v.pipe(v.string(), v.minLength(1, 'must not be empty'));
const sixDigits = v.pipe(v.string(), v.regex(/^\d{6}$/, 'must be 6 digits'));
const deviceTag = v.optional(v.union([v.boolean(), v.string()]));
const KeyValueList = v.array(v.object({ key: v.string(), value: v.string() }));

export const PasswordBodySchema = v.object({ password: v.pipe(v.string(), v.minLength(1)), deviceTag });

export const PasswordUpdateBodySchema = v.object({
  currentPassword: v.pipe(v.string(), v.minLength(1)),
  newPassword: v.pipe(v.string(), v.minLength(8, 'must be at least 8 characters')),
});

export const OtpGenerateBodySchema = v.object({
  credId,
  credType: v.picklist(['sms', 'email', 'ivr']),
  action: v.literal('login'),
  deviceTag,
});

export const OtpVerifyBodySchema = v.object({ credId, otp: sixDigits, deviceTag });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number with its country code: at least 11 characters (spec section 5). */
const PHONE_MIN_LENGTH = 11;
function validContact<T extends { credType: string; credValue: string }>(b: T): boolean {
  return b.credType === 'email' ? EMAIL.test(b.credValue) : b.credValue.length >= PHONE_MIN_LENGTH;
}

export const OtpRegisterBodySchema = v.pipe(
  v.object({
    credType: v.picklist(['sms', 'email']),
    credValue: v.string(),
    language: v.optional(v.string()),
    default: v.optional(v.boolean()),
    deviceTag,
  }),
  v.check(
    (b) => validContact(b),
    'credValue must be an e-mail address (email) or a phone number of at least 11 characters (sms)',
  ),
);

/**
 * OTPRegistrar during sign-in (with X-Flow-State): also the voice-call type, since the step may
 * be a voice-call factor (ivr is registered for login only, never in self-service).
 */
export const OtpEnrolBodySchema = v.pipe(
  v.object({
    credType: v.picklist(['sms', 'email', 'ivr']),
    credValue: v.string(),
    language: v.optional(v.string()),
    default: v.optional(v.boolean()),
    deviceTag,
  }),
  v.check(
    (b) => validContact(b),
    'credValue must be an e-mail address (email) or a phone number of at least 11 characters (sms, ivr)',
  ),
);

export const MobileOtpRegisterBodySchema = v.object({
  credType: v.literal('totp'),
  credValue: v.pipe(v.string(), v.minLength(1)),
});

export const MobileOtpVerifyBodySchema = v.object({
  credId,
  credValue: v.optional(v.string()),
  otp: sixDigits,
  deviceTag,
});

export const PushGenerateBodySchema = v.object({
  credId,
  action: v.literal('login'),
  language: v.optional(v.string()),
  deviceTag,
});

export const PushStatusBodySchema = v.object({ credId, deviceTag });

export const CustomAuthBodySchema = v.object({
  operationalContext: KeyValueList,
  credData: v.pipe(KeyValueList, v.minLength(1)),
});

export const VipRegisterBodySchema = v.object({
  vipCredentialID: v.pipe(v.string(), v.minLength(1)),
  credType: v.literal('totp_push'),
  credValue: v.pipe(v.string(), v.minLength(1)),
  language: v.optional(v.string()),
});

/** VIPCredentialRegistrar during sign-in (with X-Flow-State): the device tag may come along. */
export const VipEnrolBodySchema = v.object({ ...VipRegisterBodySchema.entries, deviceTag });

/** RecoveryCodeAuthenticator: the code as typed (spaces and hyphens allowed; normalised later). */
export const RecoveryCodeAuthBodySchema = v.object({
  code: v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
});
