import { api } from '@portal/shared/api/client';
import { userNameAtom, userTokenAtom } from '@portal/shared/session/atoms';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

export interface DisplayName {
  name: string | null;
  busy: boolean;
  error: string | null;
}

/**
 * The signed-in user's name from userinfo (JSON or a signed token's payload `name`); until it
 * arrives, or if it cannot be read, the user name the sign-in flow knows.
 */
export function useDisplayName(): DisplayName {
  const token = useAtomValue(userTokenAtom);
  const userName = useAtomValue(userNameAtom);
  const [state, setState] = useState<DisplayName>({ name: null, busy: true, error: null });

  useEffect(() => {
    if (!token) {
      setState({ name: null, busy: false, error: null });
      return;
    }
    // A newer token, or leaving the screen, cancels the call and ignores its reply.
    const controller = new AbortController();
    void api.getUserInfo(token, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.ok
          ? { name: result.data.name ?? null, busy: false, error: null }
          : { name: null, busy: false, error: result.error.message },
      );
    });
    return () => controller.abort();
  }, [token]);

  return { ...state, name: state.name ?? userName };
}
