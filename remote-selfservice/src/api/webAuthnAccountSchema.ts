import * as v from 'valibot';

/**
 * Our field of the MeCreds reply (issue 27; the spec has none): the signed-in user's WebAuthn
 * identity at the SSO, `{ rpId?, userId, passkeyRegistration? }`. With it the portal keeps the
 * browser's passkey manager in step (the credIds of FIDO-type credentials are WebAuthn credential
 * ids) and, when `passkeyRegistration` is true, may upgrade a password sign-in to a passkey.
 */
export const WebAuthnAccountSchema = v.object({
  /** The relying party id; absent: the page's host. */
  rpId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(253), v.regex(/^[a-z0-9.-]+$/i))),
  /** The user handle (user.id at registration), URL-safe base64 without padding (at most 64 bytes). */
  userId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/), v.maxLength(86)),
  /** Whether the SSO lets this user register a passkey (absent: no). */
  passkeyRegistration: v.optional(v.boolean()),
});
export type WebAuthnAccount = v.InferOutput<typeof WebAuthnAccountSchema>;
