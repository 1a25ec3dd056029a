import type { ApiResult, AuthReply, ClientTokenReply } from '@portal/shared/transport';
import { messages } from '../messages';
import { paths } from '../paths';
import {
  flowStateAtom,
  loginNameAtom,
  userNameAtom,
  transition,
  type PortalStore,
} from '@portal/shared/session';
import { rememberedUserName, flowType, OAUTH2_FLOW, savedQueryParams } from '@portal/shared/storage';
import { FLOW_STATE_PARAM, RESTART_PARAM } from '@portal/shared/router';

/** The direct flow's value of session storage 'x-flow'. */
export const DIRECT_FLOW = 'direct';

export interface LoginStartDeps {
  store: PortalStore;
  api: {
    getClientToken: () => Promise<ApiResult<ClientTokenReply>>;
    resetUser: (subject: string) => Promise<ApiResult<AuthReply>>;
  };
  /** location.pathname and location.search of the User ID page. */
  pathname: string;
  search: string;
}

export type AuthenticateAtOnce = 'rememberedUser' | 'flowState' | null;

export type LoginStartOutcome =
  | {
      ok: true;
      flow: 'oauth2' | 'direct';
      restart: boolean;
      /** The remembered user ID, to show in the field. */
      rememberedUser: string | null;
      /** Set when the remembered user must be submitted at once (never with restart=true). */
      autoSubmit: boolean;
      /**
       * Authenticate at once instead of waiting for a typed User ID (never with restart=true):
       * 'rememberedUser' with the remembered user as subject (as autoSubmit), 'flowState' on the
       * oauth2 arrival with a flow state and no remembered user (no subject: the server knows the
       * user, or says it needs the User ID), null to show the form.
       */
      authenticateAtOnce: AuthenticateAtOnce;
    }
  | {
      ok: false;
      message: string;
      /** The flow cannot go on (failed reset): the caller raises restartNeeded with the message. */
      restartNeeded: boolean;
    };

function queryParams(search: string): Record<string, string> {
  const params = Object.fromEntries(new URLSearchParams(search));
  delete params[RESTART_PARAM];
  return params;
}

/**
 * The oauth2 entry's parameters. The first load takes x-flow-state out of the address (it must not
 * stay in the history), so a reload of /oauth2 arrives without it: this tab's saved entry stands
 * in (sessionStorage is the tab's own, unlike an address someone could hand it), with what the
 * address still says on top.
 */
function entryParams(fromAddress: Record<string, string>): Record<string, string> {
  if (fromAddress[FLOW_STATE_PARAM] !== undefined) return fromAddress;
  const saved = savedQueryParams.read();
  return saved?.[FLOW_STATE_PARAM] ? { ...saved, ...fromAddress } : fromAddress;
}

/**
 * 'Login start' (spec section 4):
 * 1. fetch a client token;
 * 2. on /oauth2 the flow is oauth2 ('x-flow'); the entry's query parameters are saved, its
 *    x-flow-state becomes the flow state, and the caller authenticates at once
 *    (`authenticateAtOnce`: with the remembered user, else with the flow state alone);
 * 3. with restart=true in the oauth2 flow the saved parameters are restored and, when a flow state
 *    was given, the user is reset to obtain a new one;
 * 4. otherwise the flow is direct (a fresh transaction); a remembered user ID auto-submits except
 *    with restart=true.
 * (5. the remember-device flag is reset by loginApi().authenticate itself.)
 */
export async function startLogin({
  store,
  api,
  pathname,
  search,
}: LoginStartDeps): Promise<LoginStartOutcome> {
  // Login is enabled again (after a restart, a retry or an end page), now that this route shows,
  // and a new sign-in starts without the factor step of the last one.
  transition(store, { type: 'start' });
  const token = await api.getClientToken();
  if (!token.ok) {
    const failure = token.error;
    // A getter: the catalogue's words are read where the message is shown, in its locale.
    return {
      ok: false,
      get message() {
        return failure.message;
      },
      restartNeeded: false,
    };
  }

  const restart = new URLSearchParams(search).get(RESTART_PARAM) === 'true';
  const oauth2 = pathname.replace(/\/+$/, '') === paths.oauth2;
  const remembered = rememberedUserName.read();

  if (oauth2) {
    flowType.write(OAUTH2_FLOW);
    if (restart) {
      const saved = savedQueryParams.read() ?? {};
      const flowState = store.get(flowStateAtom) ?? saved[FLOW_STATE_PARAM] ?? null;
      if (flowState) {
        store.set(flowStateAtom, flowState);
        const subject = store.get(userNameAtom) ?? store.get(loginNameAtom) ?? remembered ?? '';
        const reset = await api.resetUser(subject);
        if (!reset.ok) return { ok: false, message: messages.errors.resettingUser, restartNeeded: true };
      }
    } else {
      const params = entryParams(queryParams(search));
      savedQueryParams.write(params);
      store.set(flowStateAtom, params[FLOW_STATE_PARAM] ?? null);
    }
  } else {
    flowType.write(DIRECT_FLOW);
    // The direct flow starts its own transaction; a flow state left from earlier would resume it.
    store.set(flowStateAtom, null);
  }

  const autoSubmit = remembered !== null && !restart;
  const arrival = oauth2 && !restart && store.get(flowStateAtom) !== null;
  return {
    ok: true,
    flow: oauth2 ? 'oauth2' : 'direct',
    restart,
    rememberedUser: remembered,
    autoSubmit,
    authenticateAtOnce: autoSubmit ? 'rememberedUser' : arrival ? 'flowState' : null,
  };
}
