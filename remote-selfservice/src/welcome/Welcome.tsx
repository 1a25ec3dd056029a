import { boundedText, boundedTitle, useFocusFirst } from '@portal/shared/ui';
import { messages } from '../messages';
import { paths as shellPaths, Link, Navigate } from '@portal/shared/router';
import { paths } from '../paths';
import { userTokenAtom } from '@portal/shared/session';
import { useAtomValue } from 'jotai';
import { useRef } from 'react';
import { ScreenStatus } from '../common/ScreenStatus';
import { PasskeyOffer } from './PasskeyOffer';
import { useDisplayName } from './useDisplayName';
import { usePasskeyOffer } from './usePasskeyOffer';
import '../common/selfservice.css';

/** /welcome: 'Hello, {name}' and the way to the credentials. */
export function Welcome() {
  const token = useAtomValue(userTokenAtom);
  const { name, busy, error } = useDisplayName();
  const offer = usePasskeyOffer();
  const linkRef = useRef<HTMLAnchorElement>(null);
  useFocusFirst(linkRef);
  // Spec section 4: the welcome page sends a session without a user token back to the start.
  if (!token) return <Navigate to={shellPaths.home} replace />;
  return (
    <section className="portal-selfservice" aria-busy={busy}>
      <ScreenStatus busy={busy} error={error} />
      {/* The name comes from the server (userinfo or the sign-in reply): shown bounded. */}
      <h1 title={name ? boundedTitle(name) : undefined}>
        {name ? messages.welcome.helloName({ name: boundedText(name) }) : null}
      </h1>
      <p>
        <Link ref={linkRef} to={paths.selfService}>
          {messages.welcome.manageCredentials}
        </Link>
      </p>
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
    </section>
  );
}
