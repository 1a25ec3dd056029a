import { paths } from '@portal/shared/routes/paths';
import { errorMessageAtom } from '@portal/shared/session/atoms';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from '@portal/shared/router';

/** Ends the flow with a message: the restart notice shows it and sets status restart-needed. */
export function useRestartNeeded(): (message: string) => void {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(
    (message: string) => {
      // The restart notice sets status RestartNeeded when it shows: set here, the current screen's
      // guard could redirect before the new route renders.
      store.set(errorMessageAtom, message);
      navigate(paths.restartRequired, { replace: true });
    },
    [store, navigate],
  );
}
