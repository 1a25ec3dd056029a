/**
 * @portal/shared/flow: The sign-in flow: login start, the next-action dispatcher, restart, navigation state.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export * from './applyNextAction';
export * from './moreOptions';
export * from './navigation';
export * from './nextAction';
export * from './restartFlow';
export * from './safeRedirect';
export * from './useApplyNextAction';
export * from './useRestartFlow';
