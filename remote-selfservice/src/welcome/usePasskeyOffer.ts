import { api } from '../api/client';
import type { WebAuthnAccount } from '../api/webAuthnAccountSchema';
import { automaticPasskeyUpgradeOn, passkeySettingsAtom, passkeySignalsOn } from '@portal/shared/config';
import {
  passkeyOfferMadeAtom,
  signInFidoTypeAtom,
  signInPasswordAtom,
  userNameAtom,
  userTokenAtom,
} from '@portal/shared/session';
import { hasCredentialSignal } from '@portal/shared/transport';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { signalCredentialList } from '../passkeys/passkeySignals';
import { conditionalCreateAvailable, upgradeToPasskey } from './automaticUpgrade';
import { declinePasskeyOffer, passkeyOfferDeclined } from './passkeyOfferDeclines';
import { notePasskeyUpgradeTried, passkeyUpgradeTried } from './passkeyUpgradeAttempts';

export interface PasskeyOffer {
  /** The user the offer is for, when it is to be shown. */
  userName: string | null;
  /** 'Not now': hidden, and not offered to this user for 30 days. */
  decline(): void;
  /** The automatic upgrade saved a passkey: the manager's name, or null when not named. */
  saved: { provider: string | null } | null;
  /** The user's WebAuthn identity from MeCreds (for the Signal API), once read. */
  account: WebAuthnAccount | null;
}

/**
 * The welcome page's passkey work, once per sign-in, from one background read of the user's
 * credentials (MeCreds; if it cannot be read: nothing, it is all a convenience):
 *
 * - the Signal API (issue 27): the list goes to the browser's passkey manager;
 * - after a sign-in that used neither a passkey nor a security key, where WebAuthn is supported,
 *   unless the user said 'Not now' within 30 days or already has a passkey:
 *   - the automatic upgrade (issue 27), after a password sign-in, once per user and device,
 *     where the browser can create conditionally and the SSO allows this user a passkey;
 *   - else (or when it saved nothing) the offer.
 */
export function usePasskeyOffer(): PasskeyOffer {
  const store = useStore();
  const signedIn = useAtomValue(userTokenAtom) !== null;
  const userName = useAtomValue(userNameAtom);
  // Read when the page opens (effects may run twice under StrictMode; the flag is set by the first).
  const [firstVisit] = useState(() => !store.get(passkeyOfferMadeAtom));
  const [eligible] = useState(() => {
    const fidoType = store.get(signInFidoTypeAtom);
    return fidoType !== 'PASSKEY' && fidoType !== 'SECURITYKEY' && browserSupportsWebAuthn();
  });
  const [offerFor, setOfferFor] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ provider: string | null } | null>(null);
  const [account, setAccount] = useState<WebAuthnAccount | null>(null);

  useEffect(() => {
    if (!firstVisit || !signedIn || !userName) return;
    const settings = store.get(passkeySettingsAtom);
    const offering = eligible && !passkeyOfferDeclined(userName, Date.now());
    const signalling =
      passkeySignalsOn(settings) &&
      (hasCredentialSignal('signalAllAcceptedCredentials') || hasCredentialSignal('signalCurrentUserDetails'));
    if (!offering && !signalling) return;
    // Made once per sign-in: coming back to the welcome page does not repeat it.
    store.set(passkeyOfferMadeAtom, true);
    const controller = new AbortController();
    const { signal } = controller;
    // The page looks this up on its own, so the answer is no user activity (the idle rule).
    void api.listCredentialsWithStepUp({ signal, background: true }).then(async (result) => {
      if (signal.aborted || !result.ok) return;
      signalCredentialList(result.data, settings);
      setAccount(result.data.webauthn);
      if (!offering || result.data.credentials.some((c) => c.credType.toLowerCase() === 'passkey')) return;
      const upgrade =
        automaticPasskeyUpgradeOn(settings) &&
        store.get(signInPasswordAtom) &&
        result.data.webauthn?.passkeyRegistration === true &&
        !passkeyUpgradeTried(userName) &&
        (await conditionalCreateAvailable());
      if (upgrade && !signal.aborted) {
        notePasskeyUpgradeTried(userName, Date.now());
        const outcome = await upgradeToPasskey(userName, api, signal);
        if (outcome.saved) {
          setSaved({ provider: outcome.provider });
          return;
        }
      }
      if (!signal.aborted) setOfferFor(userName);
    });
    return () => controller.abort();
  }, [firstVisit, eligible, signedIn, userName, store]);

  const decline = useCallback(() => {
    if (offerFor) declinePasskeyOffer(offerFor, Date.now());
    setOfferFor(null);
  }, [offerFor]);

  return { userName: offerFor, decline, saved, account };
}
