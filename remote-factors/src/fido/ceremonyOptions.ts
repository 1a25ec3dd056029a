import type { FidoChallengeReply } from '../api/schemas';
import {
  readChallengeReply,
  fidoTypeOf,
  CreationOptionsSchema,
  type FoundOptions,
  RequestOptionsSchema,
} from '@portal/shared/features';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { type FidoDebug, forcedTransports } from './debugSwitch';
import type { FidoSignIn } from './fidoSignIn';

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
): FoundOptions<PublicKeyCredentialRequestOptionsJSON> {
  const found = readChallengeReply(reply, fidoTypeOf(row.credType), 'login', RequestOptionsSchema);
  if (!found.ok) return found;
  const transports = forcedTransports(debug);
  const allowCredentials = found.options.allowCredentials?.map((credential) =>
    transports ? { ...credential, transports } : credential,
  );
  const options = {
    ...found.options,
    ...(allowCredentials ? { allowCredentials } : {}),
  } as PublicKeyCredentialRequestOptionsJSON;
  return { ...found, options };
}

/** Registration options for startRegistration, with a forced authenticator attachment. */
export function creationOptionsFrom(
  reply: FidoChallengeReply,
  row: FidoSignIn,
  debug: FidoDebug | null,
): FoundOptions<PublicKeyCredentialCreationOptionsJSON> {
  const found = readChallengeReply(reply, fidoTypeOf(row.credType), 'register', CreationOptionsSchema);
  if (!found.ok) return found;
  const attachment = debug?.authenticatorAttachment;
  const authenticatorSelection = attachment
    ? { ...(found.options.authenticatorSelection ?? {}), authenticatorAttachment: attachment }
    : found.options.authenticatorSelection;
  const options = {
    ...found.options,
    ...(authenticatorSelection ? { authenticatorSelection } : {}),
  } as PublicKeyCredentialCreationOptionsJSON;
  return { ...found, options };
}
