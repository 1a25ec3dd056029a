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
export function useDisplayName(getUserInfo = api.getUserInfo): DisplayName {
  const token = useAtomValue(userTokenAtom);
  const userName = useAtomValue(userNameAtom);
  const [state, setState] = useState<DisplayName>({ name: null, busy: true, error: null });

  useEffect(() => {
    if (!token) {
      setState({ name: null, busy: false, error: null });
      return;
    }
    let current = true;
    void getUserInfo(token).then((result) => {
      if (!current) return;
      setState(
        result.ok
          ? { name: result.data.name ?? null, busy: false, error: null }
          : { name: null, busy: false, error: result.error.message },
      );
    });
    return () => {
      current = false;
    };
  }, [token, getUserInfo]);

  return { ...state, name: state.name ?? userName };
}
