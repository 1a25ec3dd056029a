import { useApplyNextAction } from '@portal/shared/flow';

/**
 * Routes a server reply the way every sign-in screen does (the shared applyNextAction: next-action
 * table, status, tokens, navigation, checked redirects).
 */
export const useRouteReply = useApplyNextAction;
