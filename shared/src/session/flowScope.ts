import { factorOptionsAtom, factorReplyAtom, fidoCredTypeAtom, selectionLevelAtom } from './atoms';
import type { PortalStore } from './store';

/**
 * The one reset of the flow-scoped atoms: what the current sign-in learnt about its factor step.
 * The sign-in transitions (session/signInState) call it, so an atom added to the flow is
 * added here once and can never survive into the next sign-in (e.g. a 'More Options' button for
 * a single-factor user after 'Log in again' without a reload).
 */
export function resetFlowScope(store: PortalStore): void {
  store.set(factorOptionsAtom, []);
  store.set(factorReplyAtom, null);
  store.set(fidoCredTypeAtom, null);
  store.set(selectionLevelAtom, null);
}
