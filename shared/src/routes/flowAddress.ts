import { FLOW_STATE_PARAM, IDP_RETURN_PARAM } from './queryParams';

/**
 * The address parameters that hand a flow over (x-flow-state on the oauth2 entry and the identity
 * provider's hand-back, isIDP on the hand-back). Left in the address they stay in the browser's
 * history, where anyone at the machine can replay them, and in a shared or bookmarked link.
 */
export const FLOW_ADDRESS_PARAMS: readonly string[] = [FLOW_STATE_PARAM, IDP_RETURN_PARAM];

/**
 * Removes the flow's parameters from the address bar and from the current history entry, once
 * the screen has read them (from the router's location, which keeps them: the screen is not
 * re-rendered or re-run). The entry is replaced with `history.replaceState`, passing on
 * `history.state` untouched: React Router keeps its entry key, index and navigation state there,
 * so going back and forth still works. Other parameters (X-CLIENT-TRANSACTION-ID…) and the hash stay.
 */
export function dropFlowStateFromAddress(names: readonly string[] = FLOW_ADDRESS_PARAMS): void {
  const { location, history } = globalThis;
  if (!location || !history) return;
  const url = new URL(location.href);
  const present = names.filter((name) => url.searchParams.has(name));
  if (present.length === 0) return;
  for (const name of present) url.searchParams.delete(name);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
