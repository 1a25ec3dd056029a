import type { ApiResult } from '../api/result';
import type { AuthReply, UserTokenReply } from '../api/schemas';
import { rememberTrustedDevice } from '../auth/deviceCookies';
import { flowStateAtom, loginNameAtom, serviceUrlAtom, userNameAtom } from '../session/atoms';
import type { PortalStore } from '../session/store';
import { savedQueryParams } from '../storage/sessionStore';
import { followNextAction } from './followNextAction';
import type { Navigate } from './navigation';
import { type NextActionResult, nextActionRoute } from './nextAction';
import { FLOW_STATE_PARAM } from './restartFlow';

/**
 * Routes a flow reply the one way every screen must (spec section 4): decide with
 * nextActionRoute, then apply with followNextAction.
 *
 * - Redirects (AUTH_ALLOWED with authCompleteUrl) go only to the configured service's origin
 *   (serviceUrlAtom); the oauth2 entry's query string is kept, with x-flow-state brought up to
 *   the current flow state. javascript:, data:, foreign or unparsable addresses restart the flow.
 * - Screens: status Factor (1), userName, factorOptions (reply.credentials), fidoCredType, and
 *   the whole reply in factorReplyAtom (currentFactors, customFactorOptions, additional) are set
 *   before navigating; `mode` / `skipFactorAutoRedirect` travel as navigation state.
 * - *_OTP_AUTH keeps the flow state and options and stays.
 * - AUTH_ALLOWED with tokens stores them; with only an id_token exchanges it first
 *   (api.getUserToken); both end at /welcome with status Authenticated (2). A trusted-device id
 *   in the reply's additional block is kept in the trusted-device cookie.
 * - AUTH_DENIED: status None, /denied. null: 'Server error, response is null', wildcard route.
 *   Anything else: status RestartNeeded (3), /restartRequired.
 */

export interface ApplyNextActionDeps {
  store: PortalStore;
  navigate: Navigate;
  api: { getUserToken: (assertion: string) => Promise<ApiResult<UserTokenReply>> };
  /** Leaves the portal; defaults to location.assign. */
  redirect?: (url: string) => void;
  now?: () => number;
}

function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The service origin is the only place an authCompleteUrl may lead. */
export function allowedRedirectOrigins(store: PortalStore): string[] {
  const origin = originOf(store.get(serviceUrlAtom));
  return origin ? [origin] : [];
}

/** authCompleteUrl plus the saved oauth2 query string, x-flow-state being the current flow state. */
export function withFlowQuery(url: string, store: PortalStore): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(savedQueryParams.read() ?? {})) {
    if (!target.searchParams.has(key)) target.searchParams.set(key, value);
  }
  const flowState = store.get(flowStateAtom);
  if (flowState) target.searchParams.set(FLOW_STATE_PARAM, flowState);
  target.searchParams.delete('restart');
  return target.href;
}

function keepTrustedDevice(store: PortalStore, reply: AuthReply): void {
  const additional = reply.additional;
  const userName = reply.userName ?? reply.username ?? store.get(userNameAtom) ?? store.get(loginNameAtom);
  if (!additional?.isTrustedDeviceEnabled || !additional.trustedDeviceId || !userName) return;
  rememberTrustedDevice(userName, additional.trustedDeviceId, additional.trustedDeviceExpiryDays);
}

export async function applyNextAction(
  reply: AuthReply | null,
  deps: ApplyNextActionDeps,
): Promise<NextActionResult> {
  const { store } = deps;
  const routed = nextActionRoute(reply, { allowedRedirectOrigins: allowedRedirectOrigins(store) });
  const result: NextActionResult =
    routed.kind === 'redirect' ? { ...routed, url: withFlowQuery(routed.url, store) } : routed;
  if (reply) {
    const name = reply.userName ?? reply.username;
    if (name) store.set(userNameAtom, name);
    if (reply.nextaction === 'AUTH_ALLOWED') keepTrustedDevice(store, reply);
  }
  await followNextAction(result, reply, {
    store,
    navigate: deps.navigate,
    exchangeIdToken: deps.api.getUserToken,
    redirect: deps.redirect ?? ((url) => globalThis.location.assign(url)),
    now: deps.now ?? Date.now,
  });
  return result;
}
