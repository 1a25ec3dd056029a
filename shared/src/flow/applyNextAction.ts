import type { ApiResult } from '../api/result';
import type { AuthReply, UserTokenReply } from '../api/schemas';
import { contributionsAtom } from '../contributions/contributionsAtom';
import { syncTrustedDeviceCookie } from '../auth/trustedDevice';
import { serverKeepsTrustedDevice } from '../auth/trustedDeviceCustody';
import { type FlowNavigationState, type Navigate, openTarget } from './navigation';
import { type NextActionResult, nextActionRoute } from './nextAction';
import { FLOW_STATE_PARAM } from '../routes/queryParams';
import { flowStateAtom, loginNameAtom, serviceUrlAtom, ssoUrlAtom, userNameAtom } from '../session/atoms';
import { keepErrorMessage } from '../session/errorMessage';
import { keepFactorReply, transition } from '../session/signInState';
import type { PortalStore } from '../session/store';
import { isValidTransactionId, TRANSACTION_ID_PARAM } from '../session/transactionId';
import { savedQueryParams } from '../storage/sessionStore';

/*
 * Imports here name the package ('@portal/shared/…'), not '../…': a module that only a remote
 * bundles is federated by its request name, and a relative import inside it would reach the
 * remote's private copy of the atoms instead of the host's singleton.
 */

/**
 * Routes a flow reply the one way every screen must (spec section 4): nextActionRoute decides,
 * with the next actions the live remotes claim (contributionsAtom), and this applies.
 *
 * The state changes are the sign-in transitions (session/signInState); this picks them:
 * - 'screen': the factorStep transition (status Factor, the reply, options and FIDO type kept;
 *   navigation state: the claim's screen state, spread, and skipFactorAutoRedirect); userName
 *   from the reply.
 * - 'stay' (*_OTP_AUTH): keeps the reply, options and flow state; no transition, no navigation.
 * - 'redirect' (AUTH_ALLOWED + authCompleteUrl): only to the SSO's own origin (ssoUrlAtom, else
 *   the service URL; a relative address resolves against it, never against the proxy); the
 *   address keeps its own query (the SSO's one-time completion secret) and gets the spec's
 *   parameters added (withFlowQuery). Anything else (javascript:, another origin) → restart needed.
 * - 'signedIn': the authenticated transition with the reply's tokens (status 2, /welcome).
 * - 'exchangeIdToken': api.getUserToken(id_token) first (it keeps the tokens), then authenticated;
 *   failure → restartNeeded with its message.
 * - 'denied': the denied transition (status None, /denied). 'error' (null reply): errorMessageAtom
 *   = 'Server error, response is null', wildcard route. 'restart': the restartNeeded transition
 *   (status 3), after which the shell opens the restart notice.
 * Every routed reply's additional block also decides the user's tdi- cookie (auth/trustedDevice):
 * kept on AUTH_ALLOWED when the server trusts the device, removed whenever it says it does not;
 * not at all when the service URL is the portal's proxy (auth/trustedDeviceCustody).
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

/**
 * Where the oauth2 hand-back goes: the SSO itself (a top-level navigation that must reach it with
 * the browser's SSO cookies), which the environment names when the service URL is the portal's
 * proxy; otherwise the service URL is the SSO.
 */
function handBackBase(store: PortalStore): string | null {
  return store.get(ssoUrlAtom) ?? store.get(serviceUrlAtom);
}

/** The SSO's origin is the only place an authCompleteUrl may lead. */
export function allowedRedirectOrigins(store: PortalStore): string[] {
  const origin = originOf(handBackBase(store));
  return origin ? [origin] : [];
}

/**
 * authCompleteUrl with its own query kept (the SSO's one-time completion secret) and only the
 * parameters the spec names added (section 3, 'Page address query parameters read'): x-flow-state,
 * the current flow state; X-CLIENT-TRANSACTION-ID from the oauth2 entry, when it is a valid one
 * and the address has none. Nothing else the entry carried goes on to the SSO.
 */
export function withFlowQuery(url: string, store: PortalStore): string {
  const target = new URL(url);
  const transactionId = savedQueryParams.read()?.[TRANSACTION_ID_PARAM];
  if (
    transactionId &&
    isValidTransactionId(transactionId) &&
    !target.searchParams.has(TRANSACTION_ID_PARAM)
  ) {
    target.searchParams.set(TRANSACTION_ID_PARAM, transactionId);
  }
  const flowState = store.get(flowStateAtom);
  if (flowState) target.searchParams.set(FLOW_STATE_PARAM, flowState);
  return target.href;
}

/** The trusted-device cookie follows what the reply says about this browser (see auth/trustedDevice). */
function keepTrustedDevice(store: PortalStore, reply: AuthReply): void {
  if (serverKeepsTrustedDevice(store)) return; // the portal server keeps it HttpOnly (auth/trustedDeviceCustody)
  const userName = reply.userName ?? reply.username ?? store.get(userNameAtom) ?? store.get(loginNameAtom);
  if (userName) syncTrustedDeviceCookie(userName, reply);
}

export async function applyNextAction(
  reply: AuthReply | null,
  deps: ApplyNextActionDeps,
): Promise<NextActionResult> {
  const { store, navigate } = deps;
  const routed = nextActionRoute(reply, {
    allowedRedirectOrigins: allowedRedirectOrigins(store),
    serviceUrl: handBackBase(store) ?? undefined,
    claims: store.get(contributionsAtom).nextActions,
  });
  const result: NextActionResult =
    routed.kind === 'redirect' ? { ...routed, url: withFlowQuery(routed.url, store) } : routed;
  if (reply) {
    const name = reply.userName ?? reply.username;
    if (name) store.set(userNameAtom, name);
    keepTrustedDevice(store, reply);
  }

  switch (result.kind) {
    case 'screen': {
      const state: FlowNavigationState = {
        ...result.state,
        ...(result.mode ? { mode: result.mode } : {}),
        ...(result.skipFactorAutoRedirect ? { skipFactorAutoRedirect: true } : {}),
      };
      openTarget(
        navigate,
        transition(store, {
          type: 'factorStep',
          path: result.path,
          reply,
          state,
          ...(result.fidoCredType ? { fidoCredType: result.fidoCredType } : {}),
        }),
      );
      break;
    }
    case 'stay':
      if (reply) keepFactorReply(store, reply);
      if (result.flowState) store.set(flowStateAtom, result.flowState);
      break;
    case 'redirect':
      (deps.redirect ?? ((url: string) => globalThis.location.assign(url)))(result.url);
      break;
    case 'signedIn':
      openTarget(
        navigate,
        transition(store, { type: 'authenticated', tokens: result.tokens, now: (deps.now ?? Date.now)() }),
      );
      break;
    case 'exchangeIdToken': {
      const exchanged = await deps.api.getUserToken(result.idToken);
      openTarget(
        navigate,
        exchanged.ok
          ? transition(store, { type: 'authenticated' })
          : transition(store, { type: 'restartNeeded', message: exchanged.error.message }),
      );
      break;
    }
    case 'denied':
      openTarget(navigate, transition(store, { type: 'denied' }));
      break;
    case 'error':
      keepErrorMessage(store, () => result.message);
      navigate(result.path);
      break;
    case 'restart':
      openTarget(navigate, transition(store, { type: 'restartNeeded' }));
      break;
  }
  return result;
}
