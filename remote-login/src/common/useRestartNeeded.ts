import { paths } from '@portal/shared/routes/paths';
import { authStatusAtom, errorMessageAtom } from '@portal/shared/session/atoms';
import { AuthStatus } from '@portal/shared/session/authStatus';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Ends the flow with a message: status restart-needed and the restart notice, which shows it. */
export function useRestartNeeded(): (message: string) => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(
    (message: string) => {
      store.set(errorMessageAtom, message);
      store.set(authStatusAtom, AuthStatus.RestartNeeded);
      navigate(paths.restartRequired, { replace: true });
    },
    [store, navigate],
  );
}
