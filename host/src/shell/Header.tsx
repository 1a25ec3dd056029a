import { messages } from '@portal/shared/messages/en_US';
import { AuthStatus } from '@portal/shared/session/authStatus';
import { authStatusAtom } from '@portal/shared/session/atoms';
import { useAtomValue } from 'jotai';
import { useNavigate } from '@portal/shared/router';
import { paths } from '@portal/shared/routes/paths';
import { LogoutButton } from './LogoutButton';
import { useRestartFlow } from '@portal/shared/flow/useRestartFlow';

/** Product name (resets a sign-in in progress, otherwise goes home) and the logout icon. */
export function Header() {
  const status = useAtomValue(authStatusAtom);
  const navigate = useNavigate();
  const restart = useRestartFlow();
  // Spec section 2: the product name resets the flow (when a sign-in is under way and a reset
  // is allowed) or goes home.
  const onProductName = async () => {
    if (status === AuthStatus.Factor && (await restart()) === 'restarted') return;
    navigate(status === AuthStatus.Authenticated ? paths.welcome : paths.home);
  };
  return (
    <header className="portal-header">
      <button type="button" className="portal-header__name" onClick={() => void onProductName()}>
        {messages.shell.productName}
      </button>
      {status === AuthStatus.Authenticated ? <LogoutButton /> : null}
    </header>
  );
}
