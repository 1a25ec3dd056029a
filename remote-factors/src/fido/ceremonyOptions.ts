import type { FidoChallengeReply } from '@portal/shared/api/schemas';
import {
  CreationOptionsSchema,
  type FoundOptions,
  findPublicKeyOptions,
  RequestOptionsSchema,
} from '@portal/shared/fido/publicKeyOptions';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { type FidoDebug, forcedTransports } from './debugSwitch';

/**
 * The options of the browser prompt: the reply's public-key options (found and checked in
 * shared, wherever the reply carries them) with the debug switch of spec section 4 applied.
 * The casts hand the checked, loosely passed-through options to @simplewebauthn/browser.
 */

/** Sign-in options for startAuthentication, with forced transports on every allowed credential. */
export function requestOptionsFrom(
  reply: FidoChallengeReply,
  debug: FidoDebug | null,
): FoundOptions<PublicKeyCredentialRequestOptionsJSON> {
  const found = findPublicKeyOptions(reply, RequestOptionsSchema);
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
  debug: FidoDebug | null,
): FoundOptions<PublicKeyCredentialCreationOptionsJSON> {
  const found = findPublicKeyOptions(reply, CreationOptionsSchema);
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
