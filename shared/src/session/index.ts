/**
 * @portal/shared/session: Session state of spec section 3, the one store, its one transition function, tokens, the flow scope and the session lifecycle (idle, refresh, logout).
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export {
  allowUserResetAtom,
  announcementAtom,
  authStatusAtom,
  clientTokenAtom,
  clientTransactionIdAtom,
  errorMessageAtom,
  factorOptionsAtom,
  factorReplyAtom,
  type FidoCredType,
  fidoCredTypeAtom,
  flowStateAtom,
  idleLogoutAtAtom,
  lastTransactionAtom,
  lastUserActivityAtom,
  loginNameAtom,
  passkeyOfferMadeAtom,
  rememberDeviceEnabledAtom,
  riskTypeAtom,
  selectionLevelAtom,
  serviceUrlAtom,
  signInFidoTypeAtom,
  signInPasswordAtom,
  ssoUrlAtom,
  userInfoTitleAtom,
  userNameAtom,
  userTokenAtom,
} from './atoms';
export { AuthStatus, type AuthStatusValue } from './authStatus';
export { useErrorMessage } from './errorMessage';
export { revokeReplacedSignIns } from './lifecycle/replacedSignIns';
export { signedOutForInactivity } from './lifecycle/signedOutState';
export { useLogout } from './lifecycle/useLogout';
export { useSessionLifecycle } from './lifecycle/useSessionLifecycle';
export { applyRiskType } from './riskType';
export { transition } from './signInState';
export { portalStore, type PortalStore } from './store';
export { resolveTransactionId } from './transactionId';
export { useRestartNotice } from './useRestartNotice';
export { useSignInTransition } from './useSignInTransition';
