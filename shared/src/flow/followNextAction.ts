import type { ApiResult } from '../api/result';
import type { AuthReply, UserTokenReply } from '../api/schemas';
import { paths } from '../routes/paths';
import {
  authStatusAtom,
  errorMessageAtom,
  factorOptionsAtom,
  factorReplyAtom,
  fidoCredTypeAtom,
  flowStateAtom,
  userNameAtom,
} from '@portal/shared/session/atoms';
import { AuthStatus } from '../session/authStatus';
import type { PortalStore } from '@portal/shared/session/store';
import { storeUserTokens } from '../session/tokens';
import type { FlowNavigationState, Navigate } from './navigation';
import type { NextActionResult } from './nextAction';

export interface FollowNextActionDeps {
  store: PortalStore;
  navigate: Navigate;
  /** POST v1/token/generate/user_token (api.getUserToken, which keeps the tokens). */
  exchangeIdToken: (idToken: string) => Promise<ApiResult<UserTokenReply>>;
  /** Leaves the portal (location.assign); only ever given URLs the router checked. */
  redirect: (url: string) => void;
  now: () => number;
}

/** Keeps what the next screen needs from the reply: user name, options, the reply itself. */
function keepFactorReply(store: PortalStore, reply: AuthReply): void {
  const name = reply.userName ?? reply.username;
  if (name) store.set(userNameAtom, name);
  if (reply.credentials) store.set(factorOptionsAtom, reply.credentials);
  store.set(factorReplyAtom, reply);
}

/**
 * Carries out a next-action result: status, tokens, flow state and navigation. The decision is
 * made by nextActionRoute; this only applies it, so every screen routes replies the same way.
 */
export async function followNextAction(
  result: NextActionResult,
  reply: AuthReply | null,
  deps: FollowNextActionDeps,
): Promise<void> {
  const { store, navigate } = deps;
  switch (result.kind) {
    case 'screen': {
      if (reply) keepFactorReply(store, reply);
      if (result.fidoCredType) store.set(fidoCredTypeAtom, result.fidoCredType);
      store.set(authStatusAtom, result.status);
      const state: FlowNavigationState = {
        ...(result.mode ? { mode: result.mode } : {}),
        ...(result.skipFactorAutoRedirect ? { skipFactorAutoRedirect: true } : {}),
      };
      navigate(result.path, { state });
      return;
    }
    case 'stay':
      if (reply) keepFactorReply(store, reply);
      if (result.flowState) store.set(flowStateAtom, result.flowState);
      return;
    case 'redirect':
      deps.redirect(result.url);
      return;
    case 'signedIn':
      storeUserTokens(store, result.tokens, deps.now());
      store.set(authStatusAtom, result.status);
      navigate(result.path);
      return;
    case 'exchangeIdToken': {
      const exchanged = await deps.exchangeIdToken(result.idToken);
      if (!exchanged.ok) {
        store.set(errorMessageAtom, exchanged.error.message);
        store.set(authStatusAtom, AuthStatus.RestartNeeded);
        navigate(paths.restartRequired);
        return;
      }
      store.set(authStatusAtom, result.status);
      navigate(result.path);
      return;
    }
    case 'denied':
      store.set(authStatusAtom, result.status);
      navigate(result.path);
      return;
    case 'error':
      store.set(errorMessageAtom, result.message);
      navigate(result.path);
      return;
    case 'restart':
      store.set(authStatusAtom, result.status);
      navigate(result.path);
      return;
  }
}
