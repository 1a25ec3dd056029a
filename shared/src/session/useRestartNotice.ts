import { useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../router';
import { paths } from '../routes/paths';
import { authStatusAtom } from './atoms';
import { AuthStatus } from './authStatus';

/**
 * The one place restart-needed leads to the restart notice (spec section 4): whenever the status
 * becomes restart-needed — raised by a screen, the next-action router, a failed reset or the API
 * client's invalid-flow-state rule, which has no router — the shell opens /restartRequired. The
 * screen's message travels in errorMessageAtom and the notice shows it.
 *
 * It navigates inside the store's notification, in the same task as the status change, so the
 * screen being left never renders with the new status. Mounted once, inside the router (the host
 * shell; tests that render a sign-in screen mount it like the shell does).
 */
export function useRestartNotice(): void {
  const store = useStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Read inside the subscription without re-subscribing on every navigation.
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      store.sub(authStatusAtom, () => {
        if (store.get(authStatusAtom) !== AuthStatus.RestartNeeded) return;
        if (where.current === paths.restartRequired) return;
        navigate(paths.restartRequired, { replace: true });
      }),
    [store, navigate],
  );
}
