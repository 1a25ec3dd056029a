import type { ApiResult } from '@portal/shared/api/result';
import type { AuthReply, UserTokenReply } from '@portal/shared/api/schemas';
import { rememberTrustedDevice } from '@portal/shared/auth/deviceCookies';
import type { FlowNavigationState, Navigate } from '@portal/shared/flow/navigation';
import { type NextActionResult, nextActionRoute } from '@portal/shared/flow/nextAction';
import { paths } from '@portal/shared/routes/paths';
import { FLOW_STATE_PARAM } from '@portal/shared/routes/queryParams';
import {
  authStatusAtom,
  errorMessageAtom,
  factorOptionsAtom,
  factorReplyAtom,
  fidoCredTypeAtom,
  flowStateAtom,
  loginNameAtom,
  refreshTokenAtom,
  serviceUrlAtom,
  tokenExpiryAtom,
  userNameAtom,
  userTokenAtom,
} from '@portal/shared/session/atoms';
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
 * - 'screen': status Factor (1); userName from the reply; factorOptionsAtom = reply.credentials;
 *   fidoCredTypeAtom for FIDO screens; factorReplyAtom = the whole reply (currentFactors,
 *   customFactorOptions, additional, data); navigation state { mode, skipFactorAutoRedirect }.
 * - 'stay' (*_OTP_AUTH): keeps the reply, options and flow state; no navigation.
 * - 'redirect' (AUTH_ALLOWED + authCompleteUrl): only to the configured service's origin
 *   (serviceUrlAtom); the oauth2 entry's saved query string is kept, x-flow-state being the
 *   current flow state. Anything else (javascript:, another origin) → restart needed.
 * - 'signedIn': tokens into memory, status Authenticated (2), /welcome.
 * - 'exchangeIdToken': api.getUserToken(id_token) first (it keeps the tokens); failure → its
 *   message in errorMessageAtom, status RestartNeeded, /restartRequired.
 * - 'denied': /denied, whose page sets status None. 'error' (null reply): errorMessageAtom =
 *   'Server error, response is null', wildcard route. 'restart': /restartRequired, whose page sets
 *   status RestartNeeded (3).
 * On AUTH_ALLOWED a trusted-device id in the additional block is kept in the tdi- cookie.
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

function keepFactorReply(store: PortalStore, reply: AuthReply): void {
  if (reply.credentials) store.set(factorOptionsAtom, reply.credentials);
  store.set(factorReplyAtom, reply);
}

/**
 * Leaving a guarded screen for an end page: the end page sets the status itself once it shows
 * (RestartRequired → RestartNeeded, Denied → None). Setting it here, before the router has
 * rendered the new route, would let the factor screen's guard (C) redirect to /home first.
 */
function restartNeeded(store: PortalStore, navigate: Navigate, message: string | null): void {
  if (message) store.set(errorMessageAtom, message);
  navigate(paths.restartRequired);
}

/**
 * Signed in, the sign-in transaction is over: its flow state must not ride along on the
 * signed-in calls (the service would take a registration verifier for a sign-in step).
 */
function endTransaction(store: PortalStore): void {
  store.set(factorReplyAtom, null);
  store.set(flowStateAtom, null);
}

export async function applyNextAction(
  reply: AuthReply | null,
  deps: ApplyNextActionDeps,
): Promise<NextActionResult> {
  const { store, navigate } = deps;
  const routed = nextActionRoute(reply, { allowedRedirectOrigins: allowedRedirectOrigins(store) });
  const result: NextActionResult =
    routed.kind === 'redirect' ? { ...routed, url: withFlowQuery(routed.url, store) } : routed;
  if (reply) {
    const name = reply.userName ?? reply.username;
    if (name) store.set(userNameAtom, name);
    if (reply.nextaction === 'AUTH_ALLOWED') keepTrustedDevice(store, reply);
  }

  switch (result.kind) {
    case 'screen': {
      if (reply) keepFactorReply(store, reply);
      if (result.fidoCredType) store.set(fidoCredTypeAtom, result.fidoCredType);
      store.set(errorMessageAtom, null);
      store.set(authStatusAtom, result.status);
      const state: FlowNavigationState = {
        ...(result.mode ? { mode: result.mode } : {}),
        ...(result.skipFactorAutoRedirect ? { skipFactorAutoRedirect: true } : {}),
      };
      navigate(result.path, { state });
      break;
    }
    case 'stay':
      if (reply) keepFactorReply(store, reply);
      if (result.flowState) store.set(flowStateAtom, result.flowState);
      break;
    case 'redirect':
      (deps.redirect ?? ((url: string) => globalThis.location.assign(url)))(result.url);
      break;
    case 'signedIn': {
      const now = (deps.now ?? Date.now)();
      store.set(userTokenAtom, result.tokens.access_token);
      if (result.tokens.refresh_token) store.set(refreshTokenAtom, result.tokens.refresh_token);
      const expiresIn = result.tokens.expires_in;
      store.set(tokenExpiryAtom, typeof expiresIn === 'number' ? now + expiresIn * 1000 : null);
      endTransaction(store);
      store.set(authStatusAtom, result.status);
      navigate(result.path);
      break;
    }
    case 'exchangeIdToken': {
      const exchanged = await deps.api.getUserToken(result.idToken);
      if (!exchanged.ok) {
        restartNeeded(store, navigate, exchanged.error.message);
        break;
      }
      endTransaction(store);
      store.set(authStatusAtom, result.status);
      navigate(result.path);
      break;
    }
    case 'denied':
      // The Denied page sets status None when it shows (see restartNeeded).
      navigate(result.path);
      break;
    case 'error':
      store.set(errorMessageAtom, result.message);
      navigate(result.path);
      break;
    case 'restart':
      restartNeeded(store, navigate, null);
      break;
  }
  return result;
}
