import type { ApiResult } from '@portal/shared/api/result';
import type { AuthReply } from '@portal/shared/api/schemas';
import { messages } from '@portal/shared/messages/en_US';
import { FLOW_STATE_PARAM } from '@portal/shared/routes/queryParams';
import { allowUserResetAtom, loginNameAtom, userNameAtom } from '@portal/shared/session/atoms';
import { transition } from '@portal/shared/session/signInState';
import type { PortalStore } from '@portal/shared/session/store';
import { isOauth2Flow, savedQueryParams } from '@portal/shared/storage/sessionStore';
import { type Navigate, openTarget } from '@portal/shared/flow/navigation';

type ResetUser = (subject: string) => Promise<ApiResult<AuthReply>>;

export interface RestartFlowDeps {
  store: PortalStore;
  navigate: Navigate;
  /** The reset call: `api` (the portal's client, e.g. from '@portal/shared/api/client') or the function itself. */
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
    (async () => ({ ok: false, error: { kind: 'network', message: messages.errors.resettingUser } }));
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
