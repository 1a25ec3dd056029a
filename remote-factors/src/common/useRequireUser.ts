import { paths } from '../paths';
import { clientTokenAtom, userNameAtom } from '@portal/shared/session';
import { isOauth2Flow } from '@portal/shared/storage';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from '@portal/shared/router';

/** The start of login for the current flow type (the factor screens' parent route). */
export function loginStartPath(): string {
  return isOauth2Flow() ? paths.oauth2 : paths.direct;
}

/**
 * Factor pages redirect to the start when no user name or token is in the session (spec
 * section 4, Other). Returns whether the screen may go on.
 */
export function useRequireUser(): boolean {
  const userName = useAtomValue(userNameAtom);
  const token = useAtomValue(clientTokenAtom);
  const navigate = useNavigate();
  const ready = Boolean(userName && token);
  useEffect(() => {
    if (!ready) navigate(loginStartPath(), { replace: true });
  }, [ready, navigate]);
  return ready;
}
