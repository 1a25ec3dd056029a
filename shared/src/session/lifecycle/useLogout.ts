import { useStore } from 'jotai';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from '@portal/shared/router';
import { api } from '../../api/client';
import { logout } from './logout';

/** The logout action for the shell and the session timers: clears, revokes, lands on /signed-out. */
export function useLogout(revoke: (token: string) => ReturnType<typeof api.revokeToken> = api.revokeToken) {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(
    () =>
      logout({
        store,
        revoke,
        // flushSync: the new page is committed before logout clears the session (see logout.ts).
        navigate: (to, { replace, flushSync: now }) => {
          if (now) flushSync(() => navigate(to, { replace }));
          else navigate(to, { replace });
        },
      }),
    [store, revoke, navigate],
  );
}
