import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { idleWarningMsFor, portalConfigAtom } from '../../config/portalConfig';
import { authStatusAtom } from '../atoms';
import { AuthStatus } from '../authStatus';
import { disableBackButton } from './backButton';
import { startSessionLifecycle } from './sessionLifecycle';
import { useLogout } from './useLogout';

/**
 * Runs the session timers (token refresh, idle warning and logout) and the optional back-button lock while
 * the user is authenticated; mount it once, in the shell.
 */
export function useSessionLifecycle(
  refresh: () => ReturnType<typeof api.refreshUserToken> = api.refreshUserToken,
) {
  const store = useStore();
  const status = useAtomValue(authStatusAtom);
  const config = useAtomValue(portalConfigAtom);
  const lockBack = config.disableBackButton;
  const warningMs = idleWarningMsFor(config);
  const doLogout = useLogout();
  const authenticated = status === AuthStatus.Authenticated;

  useEffect(() => {
    if (!authenticated) return;
    return startSessionLifecycle({ store, refresh, warningMs, logout: (reason) => void doLogout(reason) });
  }, [authenticated, store, refresh, doLogout, warningMs]);

  useEffect(() => {
    if (!authenticated || !lockBack) return;
    return disableBackButton();
  }, [authenticated, lockBack]);
}
