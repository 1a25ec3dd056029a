/**
 * Names of the page-address query parameters the portal reads (spec section 3, 'Page address
 * query parameters read'), spelled once.
 */

/**
 * The flow state the server hands over in the address: on the oauth2 entry, on the identity
 * provider's return, and the one an authCompleteUrl carries back; a restart resets the user with it.
 */
export const FLOW_STATE_PARAM = 'x-flow-state';
