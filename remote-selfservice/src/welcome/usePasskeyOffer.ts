import { api } from '../api/client';
import {
  passkeyOfferMadeAtom,
  signInFidoTypeAtom,
  userNameAtom,
  userTokenAtom,
} from '@portal/shared/session';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { declinePasskeyOffer, passkeyOfferDeclined } from './passkeyOfferDeclines';

export interface PasskeyOffer {
  /** The user the offer is for, when it is to be shown. */
  userName: string | null;
  /** 'Not now': hidden, and not offered to this user for 30 days. */
  decline(): void;
}

/**
 * Whether the welcome page offers a passkey: after a sign-in that used neither a passkey nor a
 * security key, once per sign-in, where WebAuthn is supported, unless the user said 'Not now'
 * within 30 days or already has a passkey (their credential list, read once; if it cannot be
 * read, no offer: it is a convenience).
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

  useEffect(() => {
    if (!eligible || !signedIn || !userName || passkeyOfferDeclined(userName, Date.now())) return;
    // Made once per sign-in: coming back to the welcome page does not repeat it.
    store.set(passkeyOfferMadeAtom, true);
    const controller = new AbortController();
    // The page looks this up on its own, so the answer is no user activity (the idle rule).
    void api.listCredentials({ signal: controller.signal, background: true }).then((result) => {
      if (controller.signal.aborted || !result.ok) return;
      if (!result.data.some((credential) => credential.credType.toLowerCase() === 'passkey'))
        setOfferFor(userName);
    });
    return () => controller.abort();
  }, [eligible, signedIn, userName, store]);

  const decline = useCallback(() => {
    if (offerFor) declinePasskeyOffer(offerFor, Date.now());
    setOfferFor(null);
  }, [offerFor]);

  return { userName: offerFor, decline };
}
