import * as v from 'valibot';
import { messages } from '../messages/en_US';

/**
 * The WebAuthn options of a FIDO challenge reply (spec section 7: 'public-key request data' for
 * sign-in, 'public-key creation data' for registration), read in one place. Only the fields the
 * browser cannot do without are checked; the rest passes through as the server sent it, to
 * @simplewebauthn/browser.
 */

const DescriptorSchema = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1)),
  type: v.optional(v.literal('public-key'), 'public-key'),
  transports: v.optional(v.array(v.string())),
});

/** What every kind of options has: enough to tell a challenge reply that carries options at all. */
export const ChallengeSchema = v.looseObject({
  challenge: v.pipe(v.string(), v.minLength(1)),
});

/** PublicKeyCredentialRequestOptionsJSON (sign-in). */
export const RequestOptionsSchema = v.looseObject({
  ...ChallengeSchema.entries,
  allowCredentials: v.optional(v.array(DescriptorSchema)),
  rpId: v.optional(v.string()),
  timeout: v.optional(v.number()),
  userVerification: v.optional(v.picklist(['required', 'preferred', 'discouraged'])),
});

/** PublicKeyCredentialCreationOptionsJSON (registration, inline or in self-service). */
export const CreationOptionsSchema = v.looseObject({
  ...ChallengeSchema.entries,
  rp: v.looseObject({ name: v.string(), id: v.optional(v.string()) }),
  user: v.looseObject({ id: v.pipe(v.string(), v.minLength(1)), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.looseObject({ type: v.literal('public-key'), alg: v.number() })),
  excludeCredentials: v.optional(v.array(DescriptorSchema)),
  authenticatorSelection: v.optional(v.looseObject({})),
});

/**
 * Where a reply may carry the options, in the order they are tried: `data` (what the service and
 * the emulator send), then `publicKey` (the navigator.credentials shape), then the reply itself.
 * The first place whose value parses wins, so a reply that carries options in two places is read
 * the same way on every screen.
 */
export const OPTION_LOCATIONS = ['data', 'publicKey', 'reply'] as const;
export type OptionLocation = (typeof OPTION_LOCATIONS)[number];

export type FoundOptions<T> =
  | { ok: true; options: T; location: OptionLocation }
  /** No location parses: 'Error processing data from server' (spec section 8, FIDO). */
  | { ok: false; message: string };

function at(reply: Readonly<Record<string, unknown>>, location: OptionLocation): unknown {
  return location === 'reply' ? reply : reply[location];
}

/** The public-key options of a challenge reply, parsed with `schema` (request or creation options). */
export function findPublicKeyOptions<S extends v.GenericSchema>(
  reply: Readonly<Record<string, unknown>>,
  schema: S,
): FoundOptions<v.InferOutput<S>> {
  for (const location of OPTION_LOCATIONS) {
    const parsed = v.safeParse(schema, at(reply, location));
    if (parsed.success) return { ok: true, options: parsed.output, location };
  }
  // A getter: the words are read where the message is shown, in the locale of that moment.
  return {
    ok: false,
    get message() {
      return messages.fido.errorProcessing;
    },
  };
}
