import * as v from 'valibot';
import { CredentialSchema } from './schemas';
import { type WebAuthnAccount, WebAuthnAccountSchema } from './webAuthnAccountSchema';

/**
 * Step-up before destruction (our design; the spec has no step-up, see remote-selfservice's
 * README): the SSO says in the MeCreds reply that it asks for a fresh factor before the last
 * credential of a type is deleted, and which factor.
 */
export const StepUpOfferSchema = v.object({ factor: v.string() });
export type StepUpOffer = v.InferOutput<typeof StepUpOfferSchema>;

/**
 * GET MeCreds read with the SSO's offers: the list as spec section 3 has it (a bare array or
 * `{ credentials }`), `stepUp` (null when absent or unreadable: the portal then asks for no
 * factor and the SSO's own refusal, if any, is shown) and `webauthn` (issue 27: the user's
 * WebAuthn identity; null when absent or unreadable: then no signal and no automatic upgrade).
 */
export const CredentialsWithStepUpSchema = v.union([
  v.pipe(
    v.array(CredentialSchema),
    v.transform((credentials) => ({ credentials, stepUp: null, webauthn: null as WebAuthnAccount | null })),
  ),
  v.pipe(
    v.looseObject({
      credentials: v.array(CredentialSchema),
      stepUp: v.fallback(v.nullish(StepUpOfferSchema), null),
      webauthn: v.fallback(v.nullish(WebAuthnAccountSchema), null),
    }),
    v.transform(({ credentials, stepUp, webauthn }) => ({
      credentials,
      stepUp: stepUp ?? null,
      webauthn: webauthn ?? null,
    })),
  ),
]);

/** MeStepUp's reply: a short-lived grant for the credentials named in the request. */
export const StepUpGrantSchema = v.object({
  stepUpGrant: v.pipe(v.string(), v.minLength(16), v.maxLength(512), v.regex(/^[\x21-\x7e]+$/)),
  expiresIn: v.optional(v.number()),
});
