/**
 * @portal/shared/flow: The sign-in flow: login start, the next-action dispatcher, restart, navigation state.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export {
  allowedRedirectOrigins,
  applyNextAction,
  type ApplyNextActionDeps,
  withFlowQuery,
} from './applyNextAction';
export {
  chooseAnotherFactor,
  factorLevelOf,
  factorSelectionAllowed,
  useMoreOptionsAllowed,
} from './moreOptions';
export { type FlowNavigationState, type Navigate, openTarget } from './navigation';
export {
  isKnownNextAction,
  type NextActionContext,
  type NextActionResult,
  nextActionRoute,
  type ScreenState,
} from './nextAction';
export { restartFlow, type RestartFlowDeps, type RestartOutcome } from './restartFlow';
export { asDirectoryUrl, safeRedirectUrl } from './safeRedirect';
export { useApplyNextAction } from './useApplyNextAction';
export { useRestartFlow } from './useRestartFlow';
