import * as v from 'valibot';

/**
 * Valibot schemas for every server reply the portal reads (spec sections 3 and 7). Objects are
 * loose: the server may add fields, and only the fields the spec names are checked. Optional
 * fields are nullish because the service writes null for "absent".
 */

/** Error codes arrive as strings ('0000005') or numbers (8800004); they are compared as strings. */
const CodeSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

export const FACTOR_CODES = [
  'PUSH',
  'MOBILEOTP',
  'OTP',
  'FIDO',
  'SECURITYKEY',
  'PASSKEY',
  'PASSWORD',
  'EMAILOTP',
  'SMSOTP',
  'IVROTP',
  'CUSTOM',
  'IDP',
] as const;
export type FactorCode = (typeof FACTOR_CODES)[number];

/** A push or OTP option, and the entries of `credentials` in an auth reply. */
export const CredentialOptionSchema = v.looseObject({
  credId: v.string(),
  credValue: v.nullish(v.string()),
  credType: v.nullish(v.string()),
  default: v.nullish(v.boolean()),
});
export type CredentialOption = v.InferOutput<typeof CredentialOptionSchema>;

export const PredicateSchema = v.looseObject({
  factor: v.nullish(v.string()),
  providerFlowId: v.nullish(v.string()),
  predicate: v.nullish(v.string()),
});

/** The 'Additional block' of spec section 3. */
export const AdditionalSchema = v.looseObject({
  currentFactorLevel: v.nullish(v.union([v.string(), v.number()])),
  predicatesForCurrentFactors: v.nullish(v.array(PredicateSchema)),
  customFlowId: v.nullish(v.string()),
  isTrustedDeviceEnabled: v.nullish(v.boolean()),
  trustedDeviceId: v.nullish(v.string()),
  trustedDeviceExpiryDays: v.nullish(v.number()),
});

export const ReplyDataSchema = v.looseObject({
  message: v.nullish(v.string()),
  status: v.nullish(v.string()),
  errorCode: v.nullish(CodeSchema),
  errorMessage: v.nullish(v.string()),
  passwordUpdated: v.nullish(v.boolean()),
});

/** 'Server authentication response' of spec section 3: the reply of every flow call. */
export const AuthReplySchema = v.looseObject({
  nextaction: v.nullish(v.string()),
  flowState: v.nullish(v.string()),
  flowStateId: v.nullish(v.string()),
  baseHost: v.nullish(v.string()),
  userName: v.nullish(v.string()),
  username: v.nullish(v.string()),
  currentFactors: v.nullish(v.array(v.string())),
  customFactorOptions: v.nullish(v.record(v.string(), v.string())),
  credentials: v.nullish(v.array(CredentialOptionSchema)),
  inline_registration: v.nullish(v.union([v.boolean(), v.string()])),
  authCompleteUrl: v.nullish(v.string()),
  data: v.nullish(ReplyDataSchema),
  access_token: v.nullish(v.string()),
  id_token: v.nullish(v.string()),
  refresh_token: v.nullish(v.string()),
  expires_in: v.nullish(v.number()),
  skipFactorAutoRedirect: v.nullish(v.boolean()),
  additional: v.nullish(AdditionalSchema),
  /** Push status replies carry the push state here or in data.status. */
  status: v.nullish(v.string()),
  errorCode: v.nullish(CodeSchema),
  errorMessage: v.nullish(v.string()),
  error_description: v.nullish(v.string()),
});
export type AuthReply = v.InferOutput<typeof AuthReplySchema>;

/**
 * Every field of a schema object, read when it has its type and left out when it has not.
 * valibot's fallback keeps each field's output type, so the result is still an AuthReply.
 */
function tolerant<E extends v.ObjectEntries>(
  entries: E,
): { [K in keyof E]: v.SchemaWithFallback<E[K], undefined> } {
  const read: v.ObjectEntries = {};
  // Every field here is nullish, so undefined is a value of its output type.
  for (const [key, schema] of Object.entries(entries)) read[key] = v.fallback(schema, undefined as never);
  return read as { [K in keyof E]: v.SchemaWithFallback<E[K], undefined> };
}

/**
 * FIDO challenge replies: any JSON object, read as an auth reply whose fields the spec names are
 * kept when they have their type and dropped when not. Nothing is refused here: the screens judge
 * the reply with fido/challengeReply in the spec's order (the nextaction first, 'Error in data from
 * server'; then the public-key options in `data`, in `publicKey` or at the top level, 'Error
 * processing data from server'), so no other field of the reply can turn a wrong nextaction into
 * an unreadable reply.
 */
export const FidoChallengeReplySchema = v.pipe(
  // An array is an object to valibot; here it is a reply that cannot be read.
  v.custom<object>((input) => typeof input === 'object' && input !== null && !Array.isArray(input)),
  v.looseObject(tolerant(AuthReplySchema.entries)),
);

/** Client token from the portal server. */
export const ClientTokenReplySchema = v.looseObject({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.nullish(v.string()),
  expires_in: v.nullish(v.number()),
});
export type ClientTokenReply = v.InferOutput<typeof ClientTokenReplySchema>;

/** User token and refresh replies from the portal server. */
export const UserTokenReplySchema = v.looseObject({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.nullish(v.string()),
  id_token: v.nullish(v.string()),
  token_type: v.nullish(v.string()),
  expires_in: v.nullish(v.number()),
});
export type UserTokenReply = v.InferOutput<typeof UserTokenReplySchema>;

/** Replies whose content the portal does not read (revoke, credential updates). */
export const EmptyReplySchema = v.union([v.looseObject({}), v.literal(''), v.null()]);

/** An absolute http(s) URL (valibot's url() alone also takes javascript: and data:). */
const HttpUrlSchema = v.pipe(
  v.string(),
  v.url(),
  v.check((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL'),
);

/** 'Environment configuration' read at start-up. */
export const EnvironmentSchema = v.looseObject({
  riskType: v.nullish(v.string()),
  baseServiceUrl: HttpUrlSchema,
  /**
   * Our addition: the SSO's own tenant URL as the browser reaches it, where the oauth2 hand-back
   * (authCompleteUrl) goes: a top-level navigation that must reach the SSO itself, with its
   * cookies, even when baseServiceUrl is the portal's proxy. Absent: the service URL.
   */
  ssoUrl: v.nullish(HttpUrlSchema),
});
export type Environment = v.InferOutput<typeof EnvironmentSchema>;

/** userinfo: JSON or a signed token whose payload has `name`. */
export const UserInfoSchema = v.looseObject({ name: v.nullish(v.string()) });
export type UserInfo = v.InferOutput<typeof UserInfoSchema>;

/** Error bodies from the service and the portal server. */
export const ErrorBodySchema = v.looseObject({
  errorCode: v.nullish(CodeSchema),
  errorMessage: v.nullish(v.string()),
  error_description: v.nullish(v.string()),
  error: v.nullish(v.string()),
  message: v.nullish(v.string()),
  data: v.nullish(
    v.looseObject({
      errorCode: v.nullish(CodeSchema),
      errorMessage: v.nullish(v.string()),
      message: v.nullish(v.string()),
    }),
  ),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
