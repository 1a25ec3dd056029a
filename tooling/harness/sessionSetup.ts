import {
  createEnvironmentCalls,
  type Send,
  type AuthReply,
  AuthReplySchema,
  createTokenCalls,
} from '@portal/shared/transport';
import {
  type FidoCredType,
  serviceUrlAtom,
  ssoUrlAtom,
  userNameAtom,
  transition,
  type PortalStore,
} from '@portal/shared/session';
import type { HarnessSession } from './harnessAddress';

/**
 * The session state a harness address names, made the way the portal makes it: the environment
 * and a client token from the portal server (which holds the client secret; the harness's dev
 * server passes /v1 and the proxy through to it), then, for `state=factor` and `signedIn=`, a
 * real sign-in for a fixture user through the kernel's transport (flow state, tokens and headers
 * as on the portal), ending in the kernel's own transition (factorStep or authenticated).
 */
export interface SessionSetupDeps {
  store: PortalStore;
  send: Send;
  /** The paths this remote sends PASSWORD_AUTH to (its contributions): there the password is not answered. */
  passwordPaths: readonly string[];
  /** The harness page's origin, which stands in for the portal's (its dev server passes the calls on). */
  pageOrigin: string;
  now?: () => number;
}

export type SessionSetupResult = { ok: true; summary: string } | { ok: false; error: string };

/** The portal server's proxy in front of the SSO (its default service URL). */
const PORTAL_PROXY_PATH = '/common/portal/proxy/';

/**
 * The environment names the portal's proxy on the portal's origin; the harness reaches the same
 * proxy on its own origin, through its dev server. Any other service URL is kept.
 */
export function harnessServiceUrl(serviceUrl: string, pageOrigin: string): string {
  const url = new URL(serviceUrl);
  return url.pathname.startsWith(PORTAL_PROXY_PATH) ? new URL(url.pathname, pageOrigin).href : serviceUrl;
}

const FIDO_ACTION = /^(FIDO|SECURITYKEY|PASSKEY)_/;

function fidoCredTypeOf(reply: AuthReply): FidoCredType | undefined {
  const type = FIDO_ACTION.exec(reply.nextaction ?? '')?.[1];
  return type === 'FIDO' || type === 'SECURITYKEY' || type === 'PASSKEY' ? type : undefined;
}

async function authenticate(send: Send, user: string) {
  return send({
    method: 'POST',
    path: 'auth/v1/authenticate',
    base: 'service',
    body: { channel: 'web', action: 'authenticate', subject: user.trim().toLowerCase(), rememberMe: false },
    schema: AuthReplySchema,
  });
}

async function answerPassword(send: Send, password: string) {
  return send({
    method: 'POST',
    path: 'factor/v1/PasswordAuthenticator',
    base: 'service',
    body: { password, deviceTag: true },
    deviceTag: true,
    schema: AuthReplySchema,
  });
}

/** The User ID step, then the password unless the screen asked for is the password page. */
async function startSignIn(
  deps: SessionSetupDeps,
  user: string,
  password: string,
  path: string,
): Promise<{ ok: true; reply: AuthReply; note?: string } | { ok: false; error: string }> {
  const first = await authenticate(deps.send, user);
  if (!first.ok) return { ok: false, error: `${user}: the User ID step failed: ${first.error.message}` };
  let reply = first.data;
  let note: string | undefined;
  if (reply.nextaction === 'PASSWORD_AUTH' && !deps.passwordPaths.includes(path)) {
    const second = await answerPassword(deps.send, password);
    // A refused password that leads to a screen of its own (chris.change: 428, change password)
    // keeps the transaction's flow state: the screen opens on the reply of the User ID step.
    if (second.ok) reply = second.data;
    else note = `the password step answered: ${second.error.message}`;
  }
  const name = reply.userName ?? reply.username ?? user;
  deps.store.set(userNameAtom, name);
  return { ok: true, reply, ...(note ? { note } : {}) };
}

export async function setUpSession(
  session: HarnessSession,
  path: string,
  deps: SessionSetupDeps,
): Promise<SessionSetupResult> {
  const { store, send } = deps;
  const environment = await createEnvironmentCalls(send).loadEnvironment();
  if (environment.ok) {
    store.set(serviceUrlAtom, harnessServiceUrl(environment.data.baseServiceUrl, deps.pageOrigin));
    store.set(ssoUrlAtom, environment.data.ssoUrl ?? null);
  }
  const tokens = createTokenCalls(send, { store, fetch: globalThis.fetch, now: deps.now ?? Date.now });
  const clientToken = await tokens.getClientToken();
  if (!clientToken.ok) {
    return {
      ok: false,
      error: `No client token from the portal server (${clientToken.error.message}): is it running where PORTAL_URL says (npm start)?`,
    };
  }
  if (session.kind === 'none') return { ok: true, summary: 'client token' };

  const started = await startSignIn(deps, session.user, session.password, path);
  if (!started.ok) return started;
  const { reply } = started;
  const signedInReply = reply.nextaction === 'AUTH_ALLOWED' || reply.access_token || reply.id_token;

  if (session.kind === 'factor') {
    if (signedInReply) {
      return {
        ok: false,
        error: `${session.user} signs in without a factor step: choose a user who has one`,
      };
    }
    const fidoCredType = fidoCredTypeOf(reply);
    transition(store, { type: 'factorStep', path, reply, ...(fidoCredType ? { fidoCredType } : {}) });
    const step = `factor step ${reply.nextaction ?? '(no next action)'} for ${session.user}`;
    return { ok: true, summary: started.note ? `${step}; ${started.note}` : step };
  }

  if (reply.access_token) {
    const now = (deps.now ?? Date.now)();
    const userTokens = {
      access_token: reply.access_token,
      refresh_token: reply.refresh_token,
      expires_in: reply.expires_in,
    };
    transition(store, { type: 'authenticated', tokens: userTokens, now });
    return { ok: true, summary: `${session.user} signed in` };
  }
  if (reply.id_token) {
    const exchanged = await tokens.getUserToken(reply.id_token);
    if (!exchanged.ok) return { ok: false, error: `user token: ${exchanged.error.message}` };
    transition(store, { type: 'authenticated' });
    return { ok: true, summary: `${session.user} signed in` };
  }
  return {
    ok: false,
    error: `${session.user} is asked for ${reply.nextaction ?? 'nothing'} after the password: signedIn= takes a password-only user such as pat.password`,
  };
}
