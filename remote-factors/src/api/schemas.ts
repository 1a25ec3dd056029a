import { AuthReplySchema, ReplyDataSchema } from '@portal/shared/transport';
import * as v from 'valibot';

/**
 * The replies only factor calls read (spec section 3); the auth reply every flow call returns is
 * the kernel's (`@portal/shared/api/schemas`).
 */

/** 'Registration result' of spec section 3 (sharedSecret and tenantName feed the QR code). */
export const RegistrationResultSchema = v.looseObject({
  ...AuthReplySchema.entries,
  credId: v.nullish(v.string()),
  credValue: v.nullish(v.string()),
  credType: v.nullish(v.string()),
  sharedSecret: v.nullish(v.string()),
  tenantName: v.nullish(v.string()),
});
export type RegistrationResult = v.InferOutput<typeof RegistrationResultSchema>;

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
 * kept when they have their type and dropped when not. Nothing is refused here: the FIDO screen
 * judges the reply with fido/challengeReply in the spec's order (the nextaction first, 'Error in
 * data from server'; then the public-key options in `data`, in `publicKey` or at the top level,
 * 'Error processing data from server'), so no other field of the reply can turn a wrong nextaction
 * into an unreadable reply.
 */
export const FidoChallengeReplySchema = v.pipe(
  // An array is an object to valibot; here it is a reply that cannot be read.
  v.custom<object>((input) => typeof input === 'object' && input !== null && !Array.isArray(input)),
  v.looseObject(tolerant(AuthReplySchema.entries)),
);
export type FidoChallengeReply = v.InferOutput<typeof FidoChallengeReplySchema>;

/** One line of a push's sign-in context: plain text, one line, bounded. */
const ContextLineSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.maxLength(120),
  v.regex(/^[^\p{Cc}]*$/u),
);

/**
 * Our design (issue 27; the spec's reply has neither): where the sign-in comes from and what it
 * is for, as the SSO words them. Informative only: an unreadable context is left out, the push goes on.
 */
export const SignInContextSchema = v.object({
  location: v.optional(ContextLineSchema),
  application: v.optional(ContextLineSchema),
});
export type SignInContext = v.InferOutput<typeof SignInContextSchema>;

/**
 * PushGenerator's reply: an auth reply whose `data` may carry number matching (issue 27, our
 * design): `numberChallenge`, the one to three digits the user must pick or type in the app, and
 * `signInContext`. A number that is there but unreadable makes the reply unreadable (the user
 * could not approve the push without it); without a number the spec's push page is unchanged.
 */
export const PushGenerateReplySchema = v.looseObject({
  ...AuthReplySchema.entries,
  data: v.nullish(
    v.looseObject({
      ...ReplyDataSchema.entries,
      numberChallenge: v.nullish(
        v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'numberChallenge must be 1 to 3 digits')),
      ),
      signInContext: v.fallback(v.nullish(SignInContextSchema), undefined),
    }),
  ),
});
export type PushGenerateReply = v.InferOutput<typeof PushGenerateReplySchema>;
