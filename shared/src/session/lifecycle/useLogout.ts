import { useStore } from 'jotai';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from '../../router';
import { api } from '../../api/client';
import { logout } from './logout';
import type { LogoutReason } from './sessionLifecycle';

/** The logout action for the shell and the session timers: clears, revokes, lands on /signed-out. */
export function useLogout(revoke: (token: string) => ReturnType<typeof api.revokeToken> = api.revokeToken) {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback(
    (reason?: LogoutReason) =>
      logout({
        store,
        revoke,
        reason,
        // flushSync: the new page is committed before logout clears the session (see logout.ts).
        navigate: (to, { replace, flushSync: now, state }) => {
          if (now) flushSync(() => navigate(to, { replace, state }));
          else navigate(to, { replace, state });
        },
      }),
    [store, revoke, navigate],
  );
}
