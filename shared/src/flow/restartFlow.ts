import { type ApiResult, apiError } from '../api/result';
import type { AuthReply } from '../api/schemas';
import { messages } from '../messages/en_US';
import { FLOW_STATE_PARAM } from '../routes/queryParams';
import { allowUserResetAtom, loginNameAtom, userNameAtom } from '../session/atoms';
import { transition } from '../session/signInState';
import type { PortalStore } from '../session/store';
import { isOauth2Flow, savedQueryParams } from '../storage/sessionStore';
import { type Navigate, openTarget } from './navigation';

type ResetUser = (subject: string) => Promise<ApiResult<AuthReply>>;

export interface RestartFlowDeps {
  store: PortalStore;
  navigate: Navigate;
  /** The reset call: `api` (the portal's client, e.g. `api` of @portal/shared/transport) or the function itself. */
  api?: { resetUser: ResetUser };
  resetUser?: ResetUser;
  /** The page's query string; location.search by default. */
  search?: string;
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
  api,
  resetUser: resetFunction,
  search = globalThis.location?.search ?? '',
}: RestartFlowDeps): Promise<RestartOutcome> {
  if (!store.get(allowUserResetAtom)) return 'notAllowed';
  const resetUser: ResetUser =
    resetFunction ??
    api?.resetUser ??
    (async () => ({ ok: false, error: apiError('network', () => messages.errors.resettingUser) }));
  const oauth2 = isOauth2Flow();
  const flowStateParam =
    new URLSearchParams(search).get(FLOW_STATE_PARAM) ?? savedQueryParams.read()?.[FLOW_STATE_PARAM] ?? null;

  if (oauth2 && flowStateParam) {
    const subject = store.get(userNameAtom) ?? store.get(loginNameAtom) ?? '';
    const result = await resetUser(subject);
    if (!result.ok) {
      // Restart needed: the shell opens the restart notice, which shows why.
      transition(store, { type: 'restartNeeded', message: messages.errors.resettingUser });
      return 'failed';
    }
  }

  openTarget(navigate, transition(store, { type: 'reset', oauth2 }));
  return 'restarted';
}
