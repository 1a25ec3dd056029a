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

export const OtpRegisterBodySchema = v.pipe(
  v.object({
    credType: v.picklist(['sms', 'email']),
    credValue: v.string(),
    language: v.optional(v.string()),
    default: v.optional(v.boolean()),
    deviceTag,
  }),
  v.check(
    (b) =>
      b.credType === 'email' ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(b.credValue) : b.credValue.length >= 11,
    'credValue must be an e-mail address (email) or a phone number of at least 11 characters (sms)',
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
