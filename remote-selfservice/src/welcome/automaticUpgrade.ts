import { CreationOptionsSchema, fidoTypeForRegistration, readChallengeReply } from '@portal/shared/fido';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  startRegistration,
} from '@simplewebauthn/browser';
import type { SelfServiceClient } from '../api/client';
import { messages } from '../messages';
import { passkeyProviderName } from './passkeyProvider';

/**
 * The automatic passkey upgrade (issue 27): after a password sign-in, a browser that supports
 * conditional create saves a passkey for this user without a dialog, where its password manager
 * holds the password just used. Through the self-service registration calls, the challenge asked
 * for with `mediation: 'conditional'`, and the credential created with conditional mediation
 * (@simplewebauthn/browser's useAutoRegister). Every call is the page's own (background: no user
 * activity for the idle rule).
 */

/** Whether the browser says it can create a passkey conditionally (getClientCapabilities). */
export async function conditionalCreateAvailable(): Promise<boolean> {
  const owner: unknown = Reflect.get(globalThis, 'PublicKeyCredential');
  if (typeof owner !== 'function') return false;
  const capabilities: unknown = Reflect.get(owner, 'getClientCapabilities');
  if (typeof capabilities !== 'function') return false;
  try {
    const answer: unknown = await Reflect.apply(capabilities, owner, []);
    return typeof answer === 'object' && answer !== null && Reflect.get(answer, 'conditionalCreate') === true;
  } catch {
    return false;
  }
}

export type UpgradeOutcome =
  /** Saved: the manager's name when the portal knows it (null: not named). */
  | { saved: true; provider: string | null }
  /** Not saved (no password in the manager, refused, a failed call): nothing is shown. */
  | { saved: false };

type UpgradeCalls = Pick<SelfServiceClient, 'fidoRegChallenge' | 'fidoRegVerify'>;

export async function upgradeToPasskey(
  userName: string,
  calls: UpgradeCalls,
  signal: AbortSignal,
): Promise<UpgradeOutcome> {
  const call = { signal, background: true };
  const challenge = await calls.fidoRegChallenge(
    {
      userName,
      deviceName: messages.passkeyOffer.deviceName,
      fidoCredType: 'passkey',
      mediation: 'conditional',
    },
    call,
  );
  if (!challenge.ok || signal.aborted) return { saved: false };
  const found = readChallengeReply(
    challenge.data,
    fidoTypeForRegistration('passkey'),
    'register',
    CreationOptionsSchema,
  );
  if (!found.ok) return { saved: false };
  let credential: RegistrationResponseJSON;
  try {
    // The schema checked the fields the browser needs; the rest passes through as sent. No hints:
    // a conditional create shows no choice of authenticator.
    credential = await startRegistration({
      optionsJSON: found.options as unknown as PublicKeyCredentialCreationOptionsJSON,
      useAutoRegister: true,
    });
  } catch {
    return { saved: false };
  }
  // The passkey now exists in the manager: it is registered even if the page was left meanwhile
  // (else the manager would offer a passkey the SSO does not know).
  const verified = await calls.fidoRegVerify(credential, 'passkey', { background: true });
  return verified.ok
    ? { saved: true, provider: passkeyProviderName(credential.response.authenticatorData) }
    : { saved: false };
}
