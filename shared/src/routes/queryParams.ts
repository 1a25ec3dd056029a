import { paths } from './paths';

/**
 * Names of the page-address query parameters the portal reads (spec section 3, 'Page address
 * query parameters read'), spelled once.
 */

/**
 * The flow state the server hands over in the address: on the oauth2 entry, on the identity
 * provider's return, and the one an authCompleteUrl carries back; a restart resets the user with it.
 */
export const FLOW_STATE_PARAM = 'x-flow-state';

/** `isIDP=true`: the identity provider's hand-back to /idpComplete. */
export const IDP_RETURN_PARAM = 'isIDP';

/** `restart=true`: the oauth2 entry restores its saved query instead of taking a new one. */
export const RESTART_PARAM = 'restart';

/** Where a sign-in starts over: the oauth2 entry (restoring its saved query) or the direct one. */
export function startOverPath(oauth2: boolean): string {
  return oauth2 ? `${paths.oauth2}?${RESTART_PARAM}=true` : paths.direct;
}
