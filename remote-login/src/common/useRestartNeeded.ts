import { transition } from '@portal/shared/session';
import { useStore } from 'jotai';
import { useCallback } from 'react';

/**
 * Ends the flow with a message: the restartNeeded transition keeps it for the restart notice,
 * which the shell opens (@portal/shared/session/useRestartNotice).
 */
export function useRestartNeeded(): (message: string) => void {
  const store = useStore();
  return useCallback(
    (message: string) => void transition(store, { type: 'restartNeeded', message }),
    [store],
  );
}
