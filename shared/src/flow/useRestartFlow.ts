import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useLocation, useNavigate } from '../router';
import { api } from '../api/client';
import { type RestartOutcome, restartFlow } from './restartFlow';

/** restartFlow bound to the current store, router and API client (the user-info banner, header). */
export function useRestartFlow(): () => Promise<RestartOutcome> {
  const store = useStore();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    () => restartFlow({ store, navigate, resetUser: api.resetUser, search }),
    [store, navigate, search],
  );
}
