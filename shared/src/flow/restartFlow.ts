import type { ApiResult } from '../api/result';
import type { AuthReply } from '../api/schemas';
import { messages } from '../messages/en_US';
import { paths } from '../routes/paths';
import {
  allowUserResetAtom,
  authStatusAtom,
  errorMessageAtom,
  factorOptionsAtom,
  factorReplyAtom,
  fidoCredTypeAtom,
  loginNameAtom,
  userNameAtom,
} from '../session/atoms';
import { AuthStatus } from '../session/authStatus';
import type { PortalStore } from '../session/store';
import { rememberedUserName } from '../storage/localStore';
import { isOauth2Flow, savedQueryParams } from '../storage/sessionStore';
import type { Navigate } from './navigation';

export const FLOW_STATE_PARAM = 'x-flow-state';
export const RESTART_PARAM = 'restart';

export interface RestartFlowDeps {
  store: PortalStore;
  navigate: Navigate;
  resetUser: (subject: string) => Promise<ApiResult<AuthReply>>;
  /** The page's query string (location.search). */
  search: string;
}

export type RestartOutcome = 'restarted' | 'notAllowed' | 'failed';

/**
 * 'Restarting the flow' (spec section 4): only when user reset is allowed. In the oauth2 flow
 * with an x-flow-state parameter the server resets the user first; then the remembered user is
 * forgotten, login is enabled again and the flow's start route opened.
 */
export async function restartFlow({
  store,
  navigate,
  resetUser,
  search,
}: RestartFlowDeps): Promise<RestartOutcome> {
  if (!store.get(allowUserResetAtom)) return 'notAllowed';
  const oauth2 = isOauth2Flow();
  const flowStateParam =
    new URLSearchParams(search).get(FLOW_STATE_PARAM) ?? savedQueryParams.read()?.[FLOW_STATE_PARAM] ?? null;

  if (oauth2 && flowStateParam) {
    const subject = store.get(userNameAtom) ?? store.get(loginNameAtom) ?? '';
    const result = await resetUser(subject);
    if (!result.ok) {
      store.set(errorMessageAtom, messages.errors.resettingUser);
      store.set(authStatusAtom, AuthStatus.RestartNeeded);
      navigate(paths.restartRequired);
      return 'failed';
    }
  }

  rememberedUserName.remove();
  store.set(userNameAtom, null);
  store.set(loginNameAtom, null);
  store.set(factorOptionsAtom, []);
  store.set(factorReplyAtom, null);
  store.set(fidoCredTypeAtom, null);
  store.set(errorMessageAtom, null);
  store.set(authStatusAtom, AuthStatus.None);
  navigate(oauth2 ? `${paths.oauth2}?${RESTART_PARAM}=true` : paths.direct);
  return 'restarted';
}
