import { messages } from '@portal/shared/messages/en_US';
import { paths } from '@portal/shared/routes/paths';
import { userTokenAtom } from '@portal/shared/session/atoms';
import { useAtomValue } from 'jotai';
import { useRef } from 'react';
import { Link, Navigate } from '@portal/shared/router';
import { ScreenStatus } from '../common/ScreenStatus';
import { useFocusFirst } from '@portal/shared/hooks/useFocusFirst';
import { useDisplayName } from './useDisplayName';
import '../common/selfservice.css';

/** /welcome: 'Hello, {name}' and the way to the credentials. */
export function Welcome({ getUserInfo }: { getUserInfo?: Parameters<typeof useDisplayName>[0] }) {
  const token = useAtomValue(userTokenAtom);
  const { name, busy, error } = useDisplayName(getUserInfo);
  const linkRef = useRef<HTMLAnchorElement>(null);
  useFocusFirst(linkRef);
  // Spec section 4: the welcome page sends a session without a user token back to the start.
  if (!token) return <Navigate to={paths.home} replace />;
  return (
    <section className="portal-selfservice" aria-busy={busy}>
      <ScreenStatus busy={busy} error={error} />
      <h1>{name ? messages.welcome.helloName(name) : null}</h1>
      <p>
        <Link ref={linkRef} to={paths.selfService}>
          {messages.welcome.manageCredentials}
        </Link>
      </p>
    </section>
  );
}
