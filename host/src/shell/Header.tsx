import { themeBrandAtom } from '@portal/shared/config';
import { messages } from '@portal/shared/words';
import { AuthStatus, authStatusAtom } from '@portal/shared/session';
import { useAtomValue } from 'jotai';
import { useNavigate, paths } from '@portal/shared/router';
import { LogoutButton } from './LogoutButton';
import { useRestartFlow } from '@portal/shared/flow';

/**
 * The logo's box (CSS px): a square mark beside the name, no taller than the name's line, so a
 * theme with a logo leaves the header's height as it is.
 */
const LOGO_SIZE = 28;

/**
 * Product name (resets a sign-in in progress, otherwise goes home) and the logout icon. The
 * portal server's theme may name the product and give a logo (the portal configuration's `theme`);
 * without a name of its own the kernel's shows, in the page's language.
 */
export function Header() {
  const status = useAtomValue(authStatusAtom);
  const theme = useAtomValue(themeBrandAtom);
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
        {/* Beside the name it repeats, the logo is decorative (WCAG H2): the button is named once. */}
        {theme.logoUrl ? (
          <img
            className="portal-header__logo"
            src={theme.logoUrl}
            alt=""
            width={LOGO_SIZE}
            height={LOGO_SIZE}
          />
        ) : null}
        {/* One line at every width: a name too long for it ends in an ellipsis on screen, and
            the button is still named with all of it. */}
        <span className="portal-header__text">{theme.productName ?? messages.shell.productName}</span>
      </button>
      {status === AuthStatus.Authenticated ? <LogoutButton /> : null}
    </header>
  );
}
