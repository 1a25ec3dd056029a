import {
  boundedText,
  boundedTitle,
  buttonClass,
  Notice,
  PageHeading,
  stackClass,
  useBusyIndicator,
  useFocusFirst,
} from '@portal/shared/ui';
import { messages } from '../messages';
import { paths as shellPaths, Link, Navigate } from '@portal/shared/router';
import { paths } from '../paths';
import { useAnnounce } from '@portal/shared/a11y';
import { passkeySettingsAtom } from '@portal/shared/config';
import { userNameAtom, userTokenAtom } from '@portal/shared/session';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { signalCurrentUser } from '../passkeys/passkeySignals';
import { ScreenStatus } from '../common/ScreenStatus';
import { PasskeyOffer } from './PasskeyOffer';
import { useDisplayName } from './useDisplayName';
import { usePasskeyOffer } from './usePasskeyOffer';
import '../common/selfservice.css';

/** /welcome: 'Hello, {name}' and the way to the credentials. */
export function Welcome() {
  const token = useAtomValue(userTokenAtom);
  const { name, busy, error } = useDisplayName();
  const busyShown = useBusyIndicator(busy);
  const offer = usePasskeyOffer();
  const userName = useAtomValue(userNameAtom);
  const store = useStore();
  const linkRef = useRef<HTMLAnchorElement>(null);
  useFocusFirst(linkRef);
  // The display name is known: the passkey manager shows it with the user's passkeys (issue 27).
  useEffect(() => {
    if (name && userName) signalCurrentUser(offer.account, userName, name, store.get(passkeySettingsAtom));
  }, [offer.account, userName, name, store]);
  const savedText = offer.saved
    ? offer.saved.provider
      ? messages.passkeyOffer.savedTo({ provider: offer.saved.provider })
      : messages.passkeyOffer.savedToManager
    : null;
  const announce = useAnnounce();
  useEffect(() => {
    if (savedText) announce(savedText);
  }, [savedText, announce]);
  // Spec section 4: the welcome page sends a session without a user token back to the start.
  if (!token) return <Navigate to={shellPaths.home} replace />;
  return (
    <section className={stackClass('loose', 'portal-selfservice')} aria-busy={busyShown}>
      <ScreenStatus shown={busyShown} error={error} />
      {/* The name comes from the server (userinfo or the sign-in reply): shown bounded. */}
      <PageHeading title={name ? boundedTitle(name) : undefined}>
        {name ? messages.welcome.helloName({ name: boundedText(name) }) : null}
      </PageHeading>
      <div>
        <Link ref={linkRef} to={paths.selfService} className={buttonClass('secondary')}>
          {messages.welcome.manageCredentials}
        </Link>
      </div>
      {offer.userName ? (
        <PasskeyOffer
          userName={offer.userName}
          onDecline={() => {
            offer.decline();
            // The offer and its buttons go: focus stays on the page, not on <body>.
            linkRef.current?.focus();
          }}
        />
      ) : null}
      {/* The automatic upgrade's quiet confirmation: no dialog, nothing to press (announced politely). */}
      {savedText ? (
        <Notice tone="success">
          <p>{savedText}</p>
        </Notice>
      ) : null}
    </section>
  );
}
