import { api } from '../api/client';
import type { WebAuthnAccount } from '../api/webAuthnAccountSchema';
import { automaticPasskeyUpgradeOn, passkeySettingsAtom } from '@portal/shared/config';
import {
  passkeyOfferMadeAtom,
  signInFidoTypeAtom,
  signInPasswordAtom,
  userNameAtom,
  userTokenAtom,
} from '@portal/shared/session';
import { browserSupportsWebAuthn, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
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
 * The welcome page's passkey offer, once per sign-in: after a sign-in that used neither a passkey
 * nor a security key, where WebAuthn is supported, unless the user said 'Not now' within 30 days
 * or already has a passkey (their credential list, read once in the background; if it cannot be
 * read, no offer: it is a convenience). The list it read is also signalled to the browser's
 * passkey manager (issue 27).
 *
 * The automatic upgrade (issue 27) runs beside the offer: after a password sign-in, once per user
 * and device, where the browser can create conditionally and the SSO allows this user a passkey.
 * The offer shows at once (a browser may keep a conditional create waiting); when a passkey is
 * saved, a quiet confirmation takes its place. 'Not now' ends a waiting upgrade.
 */
export function usePasskeyOffer(): PasskeyOffer {
  const store = useStore();
  const signedIn = useAtomValue(userTokenAtom) !== null;
  const userName = useAtomValue(userNameAtom);
  const [eligible] = useState(() => {
    const fidoType = store.get(signInFidoTypeAtom);
    return (
      !store.get(passkeyOfferMadeAtom) &&
      fidoType !== 'PASSKEY' &&
      fidoType !== 'SECURITYKEY' &&
      browserSupportsWebAuthn()
    );
  });
  const [offerFor, setOfferFor] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ provider: string | null } | null>(null);
  const [account, setAccount] = useState<WebAuthnAccount | null>(null);
  const upgrading = useRef(false);

  useEffect(() => {
    if (!eligible || !signedIn || !userName || passkeyOfferDeclined(userName, Date.now())) return;
    // Made once per sign-in: coming back to the welcome page does not repeat it.
    store.set(passkeyOfferMadeAtom, true);
    const settings = store.get(passkeySettingsAtom);
    const controller = new AbortController();
    const { signal } = controller;
    // The page looks this up on its own, so the answer is no user activity (the idle rule).
    void api.listCredentialsWithStepUp({ signal, background: true }).then(async (result) => {
      if (signal.aborted || !result.ok) return;
      signalCredentialList(result.data, settings);
      setAccount(result.data.webauthn);
      if (result.data.credentials.some((c) => c.credType.toLowerCase() === 'passkey')) return;
      setOfferFor(userName);
      const wanted =
        automaticPasskeyUpgradeOn(settings) &&
        store.get(signInPasswordAtom) &&
        result.data.webauthn?.passkeyRegistration === true &&
        !passkeyUpgradeTried(userName);
      if (!wanted || !(await conditionalCreateAvailable()) || signal.aborted) return;
      notePasskeyUpgradeTried(userName, Date.now());
      upgrading.current = true;
      const outcome = await upgradeToPasskey(userName, api, signal);
      upgrading.current = false;
      if (!outcome.saved || signal.aborted) return;
      setOfferFor(null);
      setSaved({ provider: outcome.provider });
    });
    return () => controller.abort();
  }, [eligible, signedIn, userName, store]);

  const decline = useCallback(() => {
    if (offerFor) declinePasskeyOffer(offerFor, Date.now());
    // 'Not now' holds for the automatic upgrade too: a conditional create still waiting ends.
    if (upgrading.current) WebAuthnAbortService.cancelCeremony();
    setOfferFor(null);
  }, [offerFor]);

  return { userName: offerFor, decline, saved, account };
}
