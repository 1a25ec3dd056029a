import { messages } from '../messages';
import { paths } from '../paths';
import { transition } from '@portal/shared/session';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { Link } from '@portal/shared/router';
import { LoginLayout } from '../common/LoginLayout';

/** /denied: 'Access Denied' with links to help; forgets the remembered and current user name. */
export function DeniedPage() {
  const store = useStore();
  // The denied transition (status None, remembered user and names forgotten) also when /denied is
  // opened directly; its target is this page, so nothing navigates.
  useEffect(() => void transition(store, { type: 'denied' }), [store]);
  return (
    <LoginLayout title={messages.endPages.accessDenied}>
      <p>{messages.endPages.deniedHelp}</p>
      <ul className="portal-login__links">
        <li>
          <Link to="/help">{messages.endPages.loginAssistance}</Link>
        </li>
        <li>
          <Link to={paths.direct}>{messages.endPages.logInAgain}</Link>
        </li>
      </ul>
    </LoginLayout>
  );
}
