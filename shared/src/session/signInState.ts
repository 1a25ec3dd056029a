import type { AuthReply } from '../api/schemas';
import type { FlowNavigationState } from '../flow/navigation';
import { paths } from '../routes/paths';
import { startOverPath } from '../routes/queryParams';
import {
  authStatusAtom,
  clientTokenAtom,
  errorMessageAtom,
  type FidoCredType,
  factorOptionsAtom,
  factorReplyAtom,
  fidoCredTypeAtom,
  flowStateAtom,
  loginNameAtom,
  passkeyOfferMadeAtom,
  rememberDeviceEnabledAtom,
  signInFidoTypeAtom,
  signInPasswordAtom,
  userInfoTitleAtom,
  userNameAtom,
} from './atoms';
import { AuthStatus } from './authStatus';
import { resetFlowScope } from './flowScope';
import type { PortalStore } from './store';
import { clearUserTokens, storeUserTokens, type UserTokens } from './tokens';
import { rememberedUserName } from '../storage/localStore';

/**
 * What happens to a sign-in (spec section 4, 'States and transitions'). Screens and flow helpers
 * raise these instead of writing the status or the flow atoms themselves.
 */
export type SignInEvent =
  /** The start route shows (login start): login is enabled again, the last factor step forgotten. */
  | { type: 'start' }
  /** A factor step begins: its screen, the reply that opened it and its navigation state. */
  | {
      type: 'factorStep';
      path: string;
      reply?: AuthReply | null;
      fidoCredType?: FidoCredType;
      state?: FlowNavigationState;
    }
  /** The user is signed in; tokens when the reply carried them (an id_token exchange kept its own). */
  | { type: 'authenticated'; tokens?: UserTokens; now?: number }
  /** The flow cannot go on. `message`, when given, is the reason the restart notice shows. */
  | { type: 'restartNeeded'; message?: string | null }
  /** Access denied (AUTH_DENIED, a terminated token code, or /denied opened). */
  | { type: 'denied' }
  /** Logout: everything about the user is forgotten. */
  | { type: 'signedOut' }
  /** 'Restarting the flow' (user reset): the remembered user is forgotten, login enabled again. */
  | { type: 'reset'; oauth2: boolean };

/** Where the user goes after a transition; the caller's router navigates there. */
export interface SignInTarget {
  to: string;
  replace?: boolean;
  state?: FlowNavigationState;
}

/** The reply that opened the factor step: its options and the whole reply for the screen. */
export function keepFactorReply(store: PortalStore, reply: AuthReply): void {
  if (reply.credentials) store.set(factorOptionsAtom, reply.credentials);
  store.set(factorReplyAtom, reply);
}

/** Forgets who was signing in: the remembered user ID and the names in memory. */
function forgetUser(store: PortalStore): void {
  rememberedUserName.remove();
  store.set(userNameAtom, null);
  store.set(loginNameAtom, null);
}

/**
 * The one place the sign-in state changes: each event sets the auth status, the flow-scoped atoms
 * and the message together, and returns where the user goes next (null: nowhere, or, for
 * restart-needed, the restart notice, which the shell opens: see useRestartNotice).
 *
 * Status and navigation happen in the same task (the caller navigates right after this returns),
 * so React renders them in one commit: the screen being left never renders with the new status.
 */
export function transition(store: PortalStore, event: SignInEvent): SignInTarget | null {
  switch (event.type) {
    case 'start':
      // Names stay: an oauth2 restart resets the user it was signing in.
      resetFlowScope(store);
      store.set(signInFidoTypeAtom, null);
      store.set(signInPasswordAtom, false);
      store.set(passkeyOfferMadeAtom, false);
      // The last sign-in's error (a null reply's, shown on the not-found page) is not this one's:
      // left, a later mistyped address would show it again with the redirect home.
      store.set(errorMessageAtom, null);
      store.set(authStatusAtom, AuthStatus.None);
      return null;

    case 'factorStep': {
      if (event.reply) keepFactorReply(store, event.reply);
      if (event.fidoCredType) store.set(fidoCredTypeAtom, event.fidoCredType);
      store.set(errorMessageAtom, null);
      store.set(authStatusAtom, AuthStatus.Factor);
      return { to: event.path, ...(event.state ? { state: event.state } : {}) };
    }

    case 'authenticated':
      if (event.tokens) storeUserTokens(store, event.tokens, event.now ?? Date.now());
      // The sign-in transaction is over: its flow state must not ride along on the signed-in
      // calls (the service would take a registration verifier for a sign-in step).
      resetFlowScope(store);
      store.set(flowStateAtom, null);
      store.set(errorMessageAtom, null);
      store.set(authStatusAtom, AuthStatus.Authenticated);
      return { to: paths.welcome };

    case 'restartNeeded':
      // The flow state and names stay: an oauth2 restart resets the user with them.
      if (event.message) store.set(errorMessageAtom, event.message);
      resetFlowScope(store);
      store.set(authStatusAtom, AuthStatus.RestartNeeded);
      // No target: restart-needed also comes from where there is no router (the API client), so
      // the shell opens the restart notice whenever the status becomes restart-needed.
      return null;

    case 'denied':
      // Spec section 4, Other: the Denied page clears remember-me and the user name.
      forgetUser(store);
      resetFlowScope(store);
      store.set(authStatusAtom, AuthStatus.None);
      return { to: paths.denied };

    case 'signedOut':
      // Configuration (service URL, risk type, reset permission) and the client transaction id
      // stay, so the help desk can still trace the session.
      clearUserTokens(store);
      store.set(clientTokenAtom, null);
      store.set(flowStateAtom, null);
      store.set(userNameAtom, null);
      store.set(loginNameAtom, null);
      store.set(userInfoTitleAtom, null);
      store.set(signInFidoTypeAtom, null);
      store.set(signInPasswordAtom, false);
      store.set(passkeyOfferMadeAtom, false);
      resetFlowScope(store);
      store.set(errorMessageAtom, null);
      store.set(rememberDeviceEnabledAtom, false);
      store.set(authStatusAtom, AuthStatus.None);
      return { to: paths.signedOut, replace: true };

    case 'reset':
      forgetUser(store);
      resetFlowScope(store);
      store.set(errorMessageAtom, null);
      store.set(authStatusAtom, AuthStatus.None);
      return { to: startOverPath(event.oauth2) };
  }
}
