import type { FidoChallengeReply } from '@portal/shared/api/schemas';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import * as v from 'valibot';
import { type FidoDebug, forcedTransports } from './debugSwitch';

/** The parts of the WebAuthn options the portal relies on; the rest is passed through. */
const DescriptorSchema = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1)),
  type: v.optional(v.literal('public-key'), 'public-key'),
  transports: v.optional(v.array(v.string())),
});

const RequestOptionsSchema = v.looseObject({
  challenge: v.pipe(v.string(), v.minLength(1)),
  allowCredentials: v.optional(v.array(DescriptorSchema)),
  rpId: v.optional(v.string()),
  timeout: v.optional(v.number()),
  userVerification: v.optional(v.picklist(['required', 'preferred', 'discouraged'])),
});

const CreationOptionsSchema = v.looseObject({
  challenge: v.pipe(v.string(), v.minLength(1)),
  rp: v.looseObject({ name: v.string(), id: v.optional(v.string()) }),
  user: v.looseObject({ id: v.pipe(v.string(), v.minLength(1)), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.looseObject({ type: v.literal('public-key'), alg: v.number() })),
  excludeCredentials: v.optional(v.array(DescriptorSchema)),
  authenticatorSelection: v.optional(v.looseObject({})),
});

/** Where the options sit: in data (the emulator and the service), publicKey, or the reply itself. */
function candidates(reply: FidoChallengeReply): unknown[] {
  return [reply.data, reply.publicKey, reply];
}

function firstValid<S extends v.GenericSchema>(
  schema: S,
  reply: FidoChallengeReply,
): v.InferOutput<S> | null {
  for (const candidate of candidates(reply)) {
    const parsed = v.safeParse(schema, candidate);
    if (parsed.success) return parsed.output;
  }
  return null;
}

/** Login options for startAuthentication, with the debug switch applied; null when unreadable. */
export function requestOptionsFrom(
  reply: FidoChallengeReply,
  debug: FidoDebug | null,
): PublicKeyCredentialRequestOptionsJSON | null {
  const options = firstValid(RequestOptionsSchema, reply);
  if (!options) return null;
  const transports = forcedTransports(debug);
  const allowCredentials = options.allowCredentials?.map((credential) =>
    transports ? { ...credential, transports } : credential,
  );
  return {
    ...options,
    ...(allowCredentials ? { allowCredentials } : {}),
  } as PublicKeyCredentialRequestOptionsJSON;
}

/** Registration options for startRegistration, with a forced attachment; null when unreadable. */
export function creationOptionsFrom(
  reply: FidoChallengeReply,
  debug: FidoDebug | null,
): PublicKeyCredentialCreationOptionsJSON | null {
  const options = firstValid(CreationOptionsSchema, reply);
  if (!options) return null;
  const attachment = debug?.authenticatorAttachment;
  const authenticatorSelection = attachment
    ? { ...(options.authenticatorSelection ?? {}), authenticatorAttachment: attachment }
    : options.authenticatorSelection;
  return {
    ...options,
    ...(authenticatorSelection ? { authenticatorSelection } : {}),
  } as PublicKeyCredentialCreationOptionsJSON;
}
