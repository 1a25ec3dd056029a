import { messages } from '@portal/shared/messages/en_US';
import { paths } from '@portal/shared/routes/paths';
import { authStatusAtom, loginNameAtom, userNameAtom } from '@portal/shared/session/atoms';
import { AuthStatus } from '@portal/shared/session/authStatus';
import { rememberedUserName } from '@portal/shared/storage/localStore';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import { Link } from '@portal/shared/router';
import { LoginLayout } from '../common/LoginLayout';

/** /denied: 'Access Denied' with links to help; forgets the remembered and current user name. */
export function DeniedPage() {
  const store = useStore();
  useEffect(() => {
    store.set(authStatusAtom, AuthStatus.None);
    rememberedUserName.remove();
    store.set(userNameAtom, null);
    store.set(loginNameAtom, null);
  }, [store]);
  return (
    <LoginLayout title={messages.endPages.accessDenied}>
      <p>{messages.endPages.deniedHelp}</p>
      <ul className="portal-login__links">
        <li>
          <Link to={paths.help}>{messages.shell.footer.loginAssistance}</Link>
        </li>
        <li>
          <Link to={paths.direct}>{messages.endPages.logInAgain}</Link>
        </li>
      </ul>
    </LoginLayout>
  );
}
