import { api } from '@portal/shared/transport';
import { userNameAtom, userTokenAtom } from '@portal/shared/session';
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';

export interface DisplayName {
  name: string | null;
  busy: boolean;
  error: string | null;
}

/**
 * The signed-in user's name from userinfo (JSON or a signed token's payload `name`); until it
 * arrives, or if it cannot be read, the user name the sign-in flow knows.
 *
 * Asked once per screen, not again when the session timer refreshes the token: the name does not
 * change with the token, and the reply of a call made because of the refresh would count as user
 * activity and keep an unattended session from going idle (shared README, the idle timer).
 */
export function useDisplayName(): DisplayName {
  const store = useStore();
  const signedIn = useAtomValue(userTokenAtom) !== null;
  const userName = useAtomValue(userNameAtom);
  const [state, setState] = useState<DisplayName>({ name: null, busy: true, error: null });

  useEffect(() => {
    const token = signedIn ? store.get(userTokenAtom) : null;
    if (!token) {
      setState({ name: null, busy: false, error: null });
      return;
    }
    // Leaving the screen (or signing out) cancels the call and ignores its reply.
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
  }, [signedIn, store]);

  return { ...state, name: state.name ?? userName };
}
