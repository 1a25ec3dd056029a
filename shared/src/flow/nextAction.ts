import type { AuthReply } from '../api/schemas';
import { FIDO_TYPES } from '../fido/fidoTypes';
import { messages } from '../messages/en_US';
import { type PortalPath, paths } from '../routes/paths';
import type { FidoCredType } from '../session/atoms';
import { AuthStatus, type AuthStatusValue } from '../session/authStatus';
import { asDirectoryUrl, safeRedirectUrl } from './safeRedirect';

/**
 * The next-action router (spec section 4, 'Next action to screen' and 'AUTH_ALLOWED'): one pure
 * function from a server reply to what the portal does next. The table below is the spec's
 * table; applying the result (navigation, tokens, redirect) is the caller's job.
 */

export type NextActionResult =
  /** Show a factor screen; the status becomes 'factor in progress'. */
  | {
      kind: 'screen';
      action: string;
      path: PortalPath;
      status: AuthStatusValue;
      /** FIDO screens: which credential type, and whether it is a registration. */
      fidoCredType?: FidoCredType;
      mode?: 'login' | 'register';
      /** restore-last-action replies ask the factor screen not to auto-submit a remembered factor. */
      skipFactorAutoRedirect?: boolean;
    }
  /** *_OTP_AUTH: keep the reply's flow state; the current screen stays. */
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
  /** AUTH_DENIED (or a custom flow that is not securid): status none, Access Denied. */
  | { kind: 'denied'; action: string; path: PortalPath; status: AuthStatusValue }
  /** A null reply: the message and the wildcard route. */
  | { kind: 'error'; action: null; path: PortalPath; message: string }
  /** Anything else: restart needed. */
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
}

type Rule = (reply: AuthReply, action: string, context: NextActionContext) => NextActionResult;

const screen =
  (path: PortalPath, extra: { fidoCredType?: FidoCredType; mode?: 'login' | 'register' } = {}): Rule =>
  (reply, action) => ({
    kind: 'screen',
    action,
    path,
    status: AuthStatus.Factor,
    ...extra,
    ...(reply.skipFactorAutoRedirect ? { skipFactorAutoRedirect: true } : {}),
  });

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

const stay: Rule = (reply, action) => ({ kind: 'stay', action, flowState: reply.flowState ?? null });

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

/** SMS, e-mail and voice-call one-time codes: REGISTER and SELECTION open the screen, AUTH stays. */
const OTP_SCREENS = { SMS: paths.sotp, EMAIL: paths.eotp, IVR: paths.votp } as const;

/** FIDO, SECURITYKEY and PASSKEY: each as _AUTH_GENERATE_CHALLENGE or _REGISTER_GENERATE_CHALLENGE. */
const fidoRows = FIDO_TYPES.flatMap(
  ({ credType: fidoCredType, actions, loginPath }) =>
    [
      [actions.authGenerate, screen(loginPath, { fidoCredType, mode: 'login' })],
      [actions.registerGenerate, screen(loginPath, { fidoCredType, mode: 'register' })],
    ] as const,
);

const otpRows = Object.entries(OTP_SCREENS).flatMap(
  ([channel, path]) =>
    [
      [`${channel}_OTP_REGISTER`, screen(path)],
      [`${channel}_OTP_SELECTION`, screen(path)],
      [`${channel}_OTP_AUTH`, stay],
    ] as const,
);

/** The spec's table, one row per nextaction. */
export const NEXT_ACTION_TABLE: Readonly<Record<string, Rule>> = {
  PASSWORD_AUTH: screen(paths.verify),
  ...Object.fromEntries(fidoRows),
  MOBILEOTP_REGISTER: screen(paths.motp),
  MOBILEOTP_AUTH: screen(paths.motp),
  PUSH_REGISTRATION_INITIATOR: screen(paths.push),
  PUSH_REGISTRATION_STATUS: screen(paths.push),
  PUSH_SELECTION: screen(paths.push),
  FACTOR_SELECTION: screen(paths.factorSelection),
  ...Object.fromEntries(otpRows),
  CHANGE_PASSWORD: screen(paths.changePassword),
  CUSTOM_AUTH: (reply, action, context) =>
    (reply.additional?.customFlowId === 'securid' ? screen(paths.securid) : denied)(reply, action, context),
  IDP_AUTH: screen(paths.idp),
  AUTH_DENIED: denied,
  AUTH_ALLOWED: authAllowed,
};

/** Whether the router knows this nextaction (factor selection shows its own message otherwise). */
export function isKnownNextAction(action: string | null | undefined): boolean {
  return typeof action === 'string' && Object.hasOwn(NEXT_ACTION_TABLE, action);
}

export function nextActionRoute(reply: AuthReply | null, context: NextActionContext = {}): NextActionResult {
  if (reply === null)
    return { kind: 'error', action: null, path: paths.notFound, message: messages.errors.responseNull };
  const action = reply.nextaction ?? '';
  const rule = isKnownNextAction(action) ? NEXT_ACTION_TABLE[action] : undefined;
  return (rule ?? restart(`unknown nextaction '${action}'`))(reply, action, context);
}
