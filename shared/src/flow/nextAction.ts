import { matchNextAction } from './matchNextAction';
import type { NextActionContribution } from '@portal/contributions/schema';
import type { AuthReply } from '../api/schemas';
import { messages } from '../messages/en_US';
import { type PortalPath, paths } from '../routes/paths';
import type { FidoCredType } from '../session/atoms';
import { AuthStatus, type AuthStatusValue } from '../session/authStatus';
import { asDirectoryUrl, safeRedirectUrl } from './safeRedirect';

/**
 * The next-action dispatcher (spec section 4, 'Next action to screen' and 'AUTH_ALLOWED'): one
 * pure function from a server reply to what the portal does next. The kernel keeps the spec's
 * built-in rules (a null reply, AUTH_ALLOWED, AUTH_DENIED, CUSTOM_AUTH that no claim takes);
 * every other nextaction is looked up in the claims the live remotes contribute
 * (docs/contracts.md, "Contributions"): a claim's `path` opens that screen, `stay` keeps the
 * current one, and a nextaction nobody claims needs a restart. Applying the result (navigation,
 * tokens, redirect) is the caller's job.
 */

/** Screen state a claim hands its screen (string values, such as { fidoCredType, mode }). */
export type ScreenState = Readonly<Record<string, string>>;

export type NextActionResult =
  /** Show a factor screen; the status becomes 'factor in progress'. */
  | {
      kind: 'screen';
      action: string;
      path: string;
      status: AuthStatusValue;
      /** The claim's screen state, as it contributed it. */
      state?: ScreenState;
      /** FIDO screens: which credential type, and whether it is a registration (from `state`). */
      fidoCredType?: FidoCredType;
      mode?: 'login' | 'register';
      /** restore-last-action replies ask the factor screen not to auto-submit a remembered factor. */
      skipFactorAutoRedirect?: boolean;
    }
  /** A claim with `stay` (the *_OTP_AUTH replies): keep the reply's flow state; the screen stays. */
  | { kind: 'stay'; action: string; flowState: string | null }
  /** AUTH_ALLOWED with authCompleteUrl: send the browser there (already checked as safe). */
  | { kind: 'redirect'; action: string; url: string }
  /** AUTH_ALLOWED with tokens: keep them, the user is authenticated, go to welcome. */
  | {
      kind: 'signedIn';
      action: string;
      path: PortalPath;
      status: AuthStatusValue;
      tokens: { access_token: string; refresh_token?: string | null; expires_in?: number | null };
    }
  /** AUTH_ALLOWED with only an id_token: exchange it for a user token, then go to welcome. */
  | { kind: 'exchangeIdToken'; action: string; idToken: string; path: PortalPath; status: AuthStatusValue }
  /** AUTH_DENIED (or a custom flow no claim takes): status none, Access Denied. */
  | { kind: 'denied'; action: string; path: PortalPath; status: AuthStatusValue }
  /** A null reply: the message and the wildcard route. */
  | { kind: 'error'; action: null; path: PortalPath; message: string }
  /** Anything nobody claims: restart needed. */
  | { kind: 'restart'; action: string; path: PortalPath; status: AuthStatusValue; reason: string };

export interface NextActionContext {
  /**
   * Origins an authCompleteUrl may point to (the service URL at least). Without any, an
   * authCompleteUrl is refused and the flow restarts: never redirect to an unchecked address.
   */
  allowedRedirectOrigins?: readonly string[];
  /**
   * The SSO's tenant URL as the browser reaches it (the service URL, unless that is the portal's
   * proxy: then the SSO's own, from the environment). A relative authCompleteUrl is the SSO's own
   * address and resolves against it, as a link on a page there would:
   * 'oauth2/v1/authcomplete' → '{SSO URL}oauth2/v1/authcomplete'; a path from the root ('/x')
   * stays at the root of its origin. Without it, relative addresses resolve against the first
   * allowed origin. The origin check applies to the resolved address.
   */
  serviceUrl?: string;
  /**
   * The next actions the live remotes claim (contributionsAtom's `nextActions`). Without them,
   * every nextaction but the built-in ones needs a restart.
   */
  claims?: readonly NextActionContribution[];
}

type Rule = (reply: AuthReply, action: string, context: NextActionContext) => NextActionResult;

const denied: Rule = (_reply, action) => ({
  kind: 'denied',
  action,
  path: paths.denied,
  status: AuthStatus.None,
});

const restart =
  (reason: string): Rule =>
  (_reply, action) => ({
    kind: 'restart',
    action,
    path: paths.restartRequired,
    status: AuthStatus.RestartNeeded,
    reason,
  });

const authAllowed: Rule = (reply, action, context) => {
  if (reply.authCompleteUrl) {
    const origins = context.allowedRedirectOrigins ?? [];
    const base = context.serviceUrl ? asDirectoryUrl(context.serviceUrl) : undefined;
    const url = safeRedirectUrl(reply.authCompleteUrl, origins, base);
    return url
      ? { kind: 'redirect', action, url }
      : restart('authCompleteUrl is not on an allowed origin')(reply, action, context);
  }
  if (reply.access_token) {
    return {
      kind: 'signedIn',
      action,
      path: paths.welcome,
      status: AuthStatus.Authenticated,
      tokens: {
        access_token: reply.access_token,
        refresh_token: reply.refresh_token,
        expires_in: reply.expires_in,
      },
    };
  }
  if (reply.id_token) {
    return {
      kind: 'exchangeIdToken',
      action,
      idToken: reply.id_token,
      path: paths.welcome,
      status: AuthStatus.Authenticated,
    };
  }
  return restart('AUTH_ALLOWED without authCompleteUrl or tokens')(reply, action, context);
};

const FIDO_CRED_TYPES: readonly string[] = ['FIDO', 'SECURITYKEY', 'PASSKEY'] satisfies FidoCredType[];

function isFidoCredType(value: string | undefined): value is FidoCredType {
  return value !== undefined && FIDO_CRED_TYPES.includes(value);
}

/** What a claim says, as a result: its screen (with its state) or stay. */
function claimed(claim: NextActionContribution, reply: AuthReply, action: string): NextActionResult {
  if ('stay' in claim) return { kind: 'stay', action, flowState: reply.flowState ?? null };
  const { state } = claim;
  const mode = state?.mode === 'login' || state?.mode === 'register' ? state.mode : undefined;
  const fidoCredType = isFidoCredType(state?.fidoCredType) ? state.fidoCredType : undefined;
  return {
    kind: 'screen',
    action,
    path: claim.path,
    status: AuthStatus.Factor,
    ...(state ? { state } : {}),
    ...(fidoCredType ? { fidoCredType } : {}),
    ...(mode ? { mode } : {}),
    ...(reply.skipFactorAutoRedirect ? { skipFactorAutoRedirect: true } : {}),
  };
}

/** The spec's own rules, which no remote claims (CUSTOM_AUTH only when no claim takes it). */
const BUILT_IN: Readonly<Record<string, Rule>> = {
  AUTH_ALLOWED: authAllowed,
  AUTH_DENIED: denied,
  CUSTOM_AUTH: denied,
};

/**
 * Whether the portal can route this nextaction: a built-in rule or a live remote's claim
 * (factor selection shows its own message otherwise).
 */
export function isKnownNextAction(
  action: string | null | undefined,
  claims: readonly NextActionContribution[],
  reply: Pick<AuthReply, 'additional'> = {},
): boolean {
  if (typeof action !== 'string' || action === '') return false;
  return Object.hasOwn(BUILT_IN, action) || matchNextAction(claims, action, reply) !== undefined;
}

export function nextActionRoute(reply: AuthReply | null, context: NextActionContext = {}): NextActionResult {
  if (reply === null)
    return {
      kind: 'error',
      action: null,
      path: paths.notFound,
      // A getter: the words are read where the message is shown, in the locale of that moment.
      get message() {
        return messages.errors.responseNull;
      },
    };
  const action = reply.nextaction ?? '';
  if (action === 'AUTH_ALLOWED') return authAllowed(reply, action, context);
  if (action === 'AUTH_DENIED') return denied(reply, action, context);
  const claim = action === '' ? undefined : matchNextAction(context.claims ?? [], action, reply);
  if (claim) return claimed(claim, reply, action);
  const rule = Object.hasOwn(BUILT_IN, action) ? BUILT_IN[action] : undefined;
  return (rule ?? restart(`nextaction '${action}' is claimed by no live remote`))(reply, action, context);
}
