import { AuthStatus } from './authStatus';
import {
  authStatusAtom,
  clientTokenAtom,
  errorMessageAtom,
  flowStateAtom,
  loginNameAtom,
  rememberDeviceEnabledAtom,
  userInfoTitleAtom,
  userNameAtom,
} from '@portal/shared/session/atoms';
import type { PortalStore } from '@portal/shared/session/store';
import { resetFlowScope } from '@portal/shared/session/flowScope';
import { clearUserTokens } from './tokens';

/**
 * Forgets everything about the signed-in or signing-in user (logout, Access Denied): tokens,
 * flow state, names and factor data. Configuration (service URL, risk type, reset permission)
 * and the client transaction id stay, so the help desk can still trace the session.
 */
export function clearSession(store: PortalStore): void {
  clearUserTokens(store);
  store.set(clientTokenAtom, null);
  store.set(flowStateAtom, null);
  store.set(userNameAtom, null);
  store.set(loginNameAtom, null);
  store.set(userInfoTitleAtom, null);
  resetFlowScope(store);
  store.set(errorMessageAtom, null);
  store.set(rememberDeviceEnabledAtom, false);
  store.set(authStatusAtom, AuthStatus.None);
}
