import { messages } from '../messages';
import { paths } from '../paths';
import { transition } from '@portal/shared/session';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { Link } from '@portal/shared/router';
import { stackClass } from '@portal/shared/ui';
import { LoginLayout } from '../common/LoginLayout';

/** /denied: 'Access Denied' with links to help; forgets the remembered and current user name. */
export function DeniedPage() {
  const store = useStore();
  // The denied transition (status None, remembered user and names forgotten) also when /denied is
  // opened directly; its target is this page, so nothing navigates.
  useEffect(() => void transition(store, { type: 'denied' }), [store]);
  return (
    <LoginLayout title={messages.endPages.accessDenied}>
      <p className="portal-login__text">{messages.endPages.deniedHelp}</p>
      <ul className={stackClass('tight')}>
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
