/**
 * @portal/shared/session: Session state of spec section 3, the one store, its one transition function, tokens, the flow scope and the session lifecycle (idle, refresh, logout).
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export * from './activity';
export * from './atoms';
export * from './authStatus';
export * from './errorMessage';
export * from './flowScope';
export * from './lifecycle/backButton';
export * from './lifecycle/logout';
export * from './lifecycle/refreshDelay';
export * from './lifecycle/replacedSignIns';
export * from './lifecycle/sessionLifecycle';
export * from './lifecycle/signedOutState';
export * from './lifecycle/timers';
export * from './lifecycle/useLogout';
export * from './lifecycle/useSessionLifecycle';
export * from './riskType';
export * from './signInState';
export * from './store';
export * from './tokens';
export * from './transactionId';
export * from './useRestartNotice';
export * from './useSignInTransition';
