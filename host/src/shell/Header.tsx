import { messages } from '@portal/shared/words';
import { AuthStatus, authStatusAtom } from '@portal/shared/session';
import { useAtomValue } from 'jotai';
import { useNavigate, paths } from '@portal/shared/router';
import { LogoutButton } from './LogoutButton';
import { useRestartFlow } from '@portal/shared/flow';

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
