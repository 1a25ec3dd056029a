import type { ApiResult } from '@portal/shared/api/result';
import type { AuthReply, UserTokenReply } from '@portal/shared/api/schemas';
import { syncTrustedDeviceCookie } from '@portal/shared/auth/trustedDevice';
import { serverKeepsTrustedDevice } from '@portal/shared/auth/trustedDeviceCustody';
import { type FlowNavigationState, type Navigate, openTarget } from '@portal/shared/flow/navigation';
import { type NextActionResult, nextActionRoute } from '@portal/shared/flow/nextAction';
import { FLOW_STATE_PARAM, RESTART_PARAM } from '@portal/shared/routes/queryParams';
import {
  errorMessageAtom,
  flowStateAtom,
  loginNameAtom,
  serviceUrlAtom,
  userNameAtom,
} from '@portal/shared/session/atoms';
import { keepFactorReply, transition } from '@portal/shared/session/signInState';
import type { PortalStore } from '@portal/shared/session/store';
import { savedQueryParams } from '@portal/shared/storage/sessionStore';

/*
 * Imports here name the package ('@portal/shared/…'), not '../…': a module that only a remote
 * bundles is federated by its request name, and a relative import inside it would reach the
 * remote's private copy of the atoms instead of the host's singleton.
 */

/**
 * Routes a flow reply the one way every screen must (spec section 4): nextActionRoute decides,
 * this applies.
 *
 * The state changes are the sign-in transitions (session/signInState); this picks them:
 * - 'screen': the factorStep transition (status Factor, the reply, options and FIDO type kept;
 *   navigation state { mode, skipFactorAutoRedirect }); userName from the reply.
 * - 'stay' (*_OTP_AUTH): keeps the reply, options and flow state; no transition, no navigation.
 * - 'redirect' (AUTH_ALLOWED + authCompleteUrl): only to the configured service's origin
 *   (serviceUrlAtom); the oauth2 entry's saved query string is kept, x-flow-state being the
 *   current flow state. Anything else (javascript:, another origin) → restart needed.
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
  target.searchParams.delete(RESTART_PARAM);
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
    serviceUrl: store.get(serviceUrlAtom) ?? undefined,
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
      store.set(errorMessageAtom, result.message);
      navigate(result.path);
      break;
    case 'restart':
      openTarget(navigate, transition(store, { type: 'restartNeeded' }));
      break;
  }
  return result;
}
