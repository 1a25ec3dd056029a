import type { ApiError } from '../api/result';

/**
 * The WebAuthn Signal API (issue 27, our design: the spec has none): the portal tells the
 * browser's passkey manager what the SSO knows, so a passkey deleted in self-service stops being
 * offered. Each method is feature-detected on PublicKeyCredential; where the browser lacks one,
 * nothing happens. A signal never throws and never delays the page (the browser's answer is
 * ignored: it is a hint to the passkey manager, not part of the sign-in).
 */

/**
 * The SSO's error code for "no credential with this id exists" (the emulator's, issue 27): only
 * this, never a network error or another refusal, says with certainty that a passkey is gone.
 */
export const UNKNOWN_CREDENTIAL_ERROR_CODE = '8800041';

/** The WebAuthn user a signed-in page signals for: the relying party and the user handle. */
export interface WebAuthnUser {
  rpId: string;
  /** The user handle (user.id at registration), URL-safe base64 without padding. */
  userId: string;
}

interface SignalMethods {
  signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void>;
  signalAllAcceptedCredentials?: (options: {
    rpId: string;
    userId: string;
    allAcceptedCredentialIds: string[];
  }) => Promise<void>;
  signalCurrentUserDetails?: (options: {
    rpId: string;
    userId: string;
    name: string;
    displayName: string;
  }) => Promise<void>;
}

type SignalName = keyof SignalMethods;

/** PublicKeyCredential with whichever signal methods this browser has. */
function publicKeyCredential(): SignalMethods | null {
  const candidate: unknown = Reflect.get(globalThis, 'PublicKeyCredential');
  return typeof candidate === 'function' ? (candidate as SignalMethods) : null;
}

/** Whether this browser has the signal method (what the portal's feature detection asks). */
export function hasCredentialSignal(name: SignalName): boolean {
  return typeof publicKeyCredential()?.[name] === 'function';
}

async function signal<N extends SignalName>(
  name: N,
  options: Parameters<NonNullable<SignalMethods[N]>>[0],
): Promise<boolean> {
  const owner = publicKeyCredential();
  const method = owner?.[name];
  if (typeof method !== 'function') return false;
  try {
    await Reflect.apply(method, owner, [options]);
    return true;
  } catch {
    // A refused signal (another relying party, a malformed id) changes nothing for the user.
    return false;
  }
}

/** The relying party of the page when a challenge named none (WebAuthn's default rpId). */
export function defaultRpId(): string {
  return globalThis.location?.hostname ?? '';
}

/** Whether a failed verifier call is the SSO saying the offered credential does not exist. */
export function isUnknownCredential(error: ApiError): boolean {
  return error.kind === 'http' && error.errorCode === UNKNOWN_CREDENTIAL_ERROR_CODE;
}

/**
 * After a refused assertion: when the SSO said the credential does not exist (and only then),
 * the passkey manager is told, so it stops offering it.
 */
export function forgetIfUnknown(failure: ApiError, rpId: string, credentialId: string): void {
  if (isUnknownCredential(failure)) void signalUnknownCredential(rpId, credentialId);
}

/** The SSO does not know this credential: the passkey manager may delete it. */
export function signalUnknownCredential(rpId: string, credentialId: string): Promise<boolean> {
  return signal('signalUnknownCredential', { rpId, credentialId });
}

/** The user's passkeys as the SSO holds them now: the manager hides the others. */
export function signalAcceptedCredentials(
  user: WebAuthnUser,
  credentialIds: readonly string[],
): Promise<boolean> {
  return signal('signalAllAcceptedCredentials', {
    rpId: user.rpId,
    userId: user.userId,
    allAcceptedCredentialIds: [...credentialIds],
  });
}

/** The user's current name and display name, for the manager's list of passkeys. */
export function signalUserDetails(user: WebAuthnUser, name: string, displayName: string): Promise<boolean> {
  return signal('signalCurrentUserDetails', { rpId: user.rpId, userId: user.userId, name, displayName });
}
