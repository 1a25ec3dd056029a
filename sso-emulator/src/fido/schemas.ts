import * as v from 'valibot';

const base64url = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]*$/, 'must be base64url without padding'));
const nonEmptyBase64url = v.pipe(base64url, v.minLength(1, 'must not be empty'));

export const FidoTypeSchema = v.pipe(
  v.string(),
  v.toUpperCase(),
  v.picklist(['FIDO', 'SECURITYKEY', 'PASSKEY'], 'must be FIDO, SECURITYKEY or PASSKEY'),
);
export type FidoType = v.InferOutput<typeof FidoTypeSchema>;

const origin = v.pipe(v.string(), v.url('must be the page origin'));
const Transport = v.picklist(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const Attachment = v.optional(v.picklist(['platform', 'cross-platform']));
const flag = v.optional(v.boolean());

export const AuthChallengeBodySchema = v.object({
  documentDomain: origin,
  fidoCredType: FidoTypeSchema,
  deviceTag: v.optional(v.union([v.boolean(), v.string()])),
  userName: v.optional(v.string()),
});

export const AuthVerifyBodySchema = v.object({
  id: nonEmptyBase64url,
  rawId: nonEmptyBase64url,
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: nonEmptyBase64url,
    authenticatorData: nonEmptyBase64url,
    signature: nonEmptyBase64url,
    userHandle: v.optional(base64url),
  }),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown())),
  authenticatorAttachment: Attachment,
  fidoCredType: v.optional(FidoTypeSchema),
  deviceTag: v.optional(v.union([v.boolean(), v.string()])),
});

export const RegChallengeBodySchema = v.object({
  userName: v.optional(v.string()),
  deviceName: v.optional(v.pipe(v.string(), v.maxLength(100))),
  documentDomain: origin,
  fidoCredType: FidoTypeSchema,
  userAccessToken: flag,
  noFlowState: flag,
  deviceTag: v.optional(v.union([v.boolean(), v.string()])),
  /**
   * Our field (issue 27): 'conditional' when the portal will create the passkey with conditional
   * mediation (the automatic upgrade after a password sign-in), which verifies no user.
   */
  mediation: v.optional(v.picklist(['conditional'])),
});

export const RegVerifyBodySchema = v.object({
  id: nonEmptyBase64url,
  rawId: nonEmptyBase64url,
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: nonEmptyBase64url,
    attestationObject: nonEmptyBase64url,
    transports: v.optional(v.array(Transport)),
    authenticatorData: v.optional(base64url),
    publicKey: v.optional(base64url),
    publicKeyAlgorithm: v.optional(v.number()),
  }),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown())),
  authenticatorAttachment: Attachment,
  fidoCredType: FidoTypeSchema,
  deviceName: v.optional(v.pipe(v.string(), v.maxLength(100))),
  userAccessToken: flag,
  noFlowState: flag,
  deviceTag: v.optional(v.union([v.boolean(), v.string()])),
});
