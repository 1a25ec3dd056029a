import type { FidoChallengeReply } from '../api/schemas';
import {
  readChallengeReply,
  fidoTypeOf,
  CreationOptionsSchema,
  type FoundOptions,
  RequestOptionsSchema,
} from '@portal/shared/fido';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { type FidoDebug, forcedTransports } from './debugSwitch';
import type { FidoSignIn } from './fidoSignIn';

/** The WebAuthn hints of the ceremony (issue 27): the server's, when it sent any, else these. */
function withHints<T extends object>(options: T, hints: readonly string[]): T {
  return !('hints' in options) && hints.length > 0 ? { ...options, hints: [...hints] } : options;
}

/**
 * The options of the browser prompt: the challenge reply read by the shared rule (its nextaction
 * for this type first, then its public-key options wherever it carries them), with the debug
 * switch of spec section 4 applied.
 * The casts hand the checked, loosely passed-through options to @simplewebauthn/browser.
 */

/** Sign-in options for startAuthentication, with forced transports on every allowed credential. */
export function requestOptionsFrom(
  reply: FidoChallengeReply,
  row: FidoSignIn,
  debug: FidoDebug | null,
  hints: readonly string[] = [],
): FoundOptions<PublicKeyCredentialRequestOptionsJSON> {
  const found = readChallengeReply(reply, fidoTypeOf(row.credType), 'login', RequestOptionsSchema);
  if (!found.ok) return found;
  const transports = forcedTransports(debug);
  const allowCredentials = found.options.allowCredentials?.map((credential) =>
    transports ? { ...credential, transports } : credential,
  );
  const options = withHints(
    { ...found.options, ...(allowCredentials ? { allowCredentials } : {}) },
    hints,
  ) as PublicKeyCredentialRequestOptionsJSON;
  return { ...found, options };
}

/** Registration options for startRegistration, with a forced authenticator attachment. */
export function creationOptionsFrom(
  reply: FidoChallengeReply,
  row: FidoSignIn,
  debug: FidoDebug | null,
  hints: readonly string[] = [],
): FoundOptions<PublicKeyCredentialCreationOptionsJSON> {
  const found = readChallengeReply(reply, fidoTypeOf(row.credType), 'register', CreationOptionsSchema);
  if (!found.ok) return found;
  const attachment = debug?.authenticatorAttachment;
  const authenticatorSelection = attachment
    ? { ...(found.options.authenticatorSelection ?? {}), authenticatorAttachment: attachment }
    : found.options.authenticatorSelection;
  const options = withHints(
    { ...found.options, ...(authenticatorSelection ? { authenticatorSelection } : {}) },
    hints,
  ) as PublicKeyCredentialCreationOptionsJSON;
  return { ...found, options };
}
