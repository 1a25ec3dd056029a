/**
 * @portal/shared/flow: The sign-in flow: login start, the next-action dispatcher, restart, navigation state.
 *
 * A kernel entry point, one Module Federation share key (docs/contracts.md). What it exports is
 * the kernel's public API, recorded in shared/api/report.api.md.
 */
export { applyNextAction } from './applyNextAction';
export {
  chooseAnotherFactor,
  useMoreOptionsAllowed,
} from './moreOptions';
export type { FlowNavigationState } from './navigation';
export { isKnownNextAction } from './nextAction';
export { useApplyNextAction } from './useApplyNextAction';
export { useRestartFlow } from './useRestartFlow';
