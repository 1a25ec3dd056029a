import { messages } from '@portal/shared/messages/en_US';
import { AuthStatus } from '@portal/shared/session/authStatus';
import { authStatusAtom } from '@portal/shared/session/atoms';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { paths } from '@portal/shared/routes/paths';
import { LogoutButton } from './LogoutButton';
import { useRestartFlow } from './useRestartFlow';

/** Product name (resets a sign-in in progress, otherwise goes home) and the logout icon. */
export function Header() {
  const status = useAtomValue(authStatusAtom);
  const navigate = useNavigate();
  const restart = useRestartFlow();
  const onProductName = () => {
    if (status === AuthStatus.Factor) void restart();
    else navigate(status === AuthStatus.Authenticated ? paths.welcome : paths.home);
  };
  return (
    <header className="portal-header">
      <button type="button" className="portal-header__name" onClick={onProductName}>
        {messages.shell.productName}
      </button>
      {status === AuthStatus.Authenticated ? <LogoutButton /> : null}
    </header>
  );
}
