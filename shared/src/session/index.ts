/**
 * @portal/shared/session: Session state of spec section 3, the one store, its one transition function, tokens, the flow scope and the session lifecycle (idle, refresh, logout).
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { onServerActivity, onUserActivity } from './activity';
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
  proxyUrlAtom,
  refreshTokenAtom,
  rememberDeviceEnabledAtom,
  riskTypeAtom,
  selectionLevelAtom,
  serviceUrlAtom,
  signInFidoTypeAtom,
  signInPasswordAtom,
  ssoUrlAtom,
  tokenExpiryAtom,
  tokensReceivedAtAtom,
  userInfoTitleAtom,
  userNameAtom,
  userTokenAtom,
} from './atoms';
export { AuthStatus, type AuthStatusValue } from './authStatus';
export { keepErrorMessage, useErrorMessage } from './errorMessage';
export { resetFlowScope } from './flowScope';
export { disableBackButton } from './lifecycle/backButton';
export { logout, type LogoutDeps } from './lifecycle/logout';
export { refreshDelay } from './lifecycle/refreshDelay';
export { revokeReplacedSignIns } from './lifecycle/replacedSignIns';
export {
  type LogoutReason,
  type SessionLifecycleDeps,
  startSessionLifecycle,
} from './lifecycle/sessionLifecycle';
export { signedOutForInactivity, type SignedOutState } from './lifecycle/signedOutState';
export { browserTimers, oneShot, type Timers } from './lifecycle/timers';
export { useLogout } from './lifecycle/useLogout';
export { useSessionLifecycle } from './lifecycle/useSessionLifecycle';
export { applyRiskType, isRiskType, resolveRiskType } from './riskType';
export { keepFactorReply, type SignInEvent, type SignInTarget, transition } from './signInState';
export { portalStore, type PortalStore } from './store';
export { clearUserTokens, storeUserTokens, type UserTokens } from './tokens';
export {
  assertTransactionId,
  INVALID_UUID_MESSAGE,
  isValidTransactionId,
  type ResolvedTransactionId,
  resolveTransactionId,
  TRANSACTION_ID_PARAM,
  TransactionIdSchema,
} from './transactionId';
export { useRestartNotice } from './useRestartNotice';
export { useSignInTransition } from './useSignInTransition';
