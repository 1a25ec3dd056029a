import { type PasskeySettings, passkeySignalsOn } from '@portal/shared/config';
import {
  defaultRpId,
  signalAcceptedCredentials,
  signalUserDetails,
  type WebAuthnUser,
} from '@portal/shared/transport';
import type { Credential } from '../api/schemas';
import type { WebAuthnAccount } from '../api/webAuthnAccountSchema';

/** The credential types whose credId is a WebAuthn credential id. */
const WEBAUTHN_TYPES = new Set(['fido', 'securitykey', 'passkey']);

function webAuthnUser(account: WebAuthnAccount): WebAuthnUser {
  return { rpId: account.rpId ?? defaultRpId(), userId: account.userId };
}

/**
 * The Signal API on signed-in pages (issue 27): a MeCreds reply read successfully is the user's
 * current list, so the passkey manager is told which of their passkeys still exist (after a delete
 * the deleted one is missing from it, and the manager stops offering it). Inactive credentials
 * still exist and are listed. Nothing without the SSO's WebAuthn identity, with the setting off,
 * or when the list could not be read (a network error is no list).
 */
export function signalCredentialList(
  reply: { credentials: readonly Credential[]; webauthn: WebAuthnAccount | null },
  settings: PasskeySettings,
): void {
  if (!reply.webauthn || !passkeySignalsOn(settings)) return;
  const ids = reply.credentials
    .filter((credential) => WEBAUTHN_TYPES.has(credential.credType.toLowerCase()))
    .map((credential) => credential.credId);
  void signalAcceptedCredentials(webAuthnUser(reply.webauthn), ids);
}

/** The user's login name and display name, once the page knows the display name (userinfo). */
export function signalCurrentUser(
  account: WebAuthnAccount | null,
  userName: string,
  displayName: string,
  settings: PasskeySettings,
): void {
  if (!account || !passkeySignalsOn(settings) || !userName || !displayName) return;
  void signalUserDetails(webAuthnUser(account), userName, displayName);
}
