import { REFRESH_SCOPE } from '../constants';
import { messages } from '../messages/en_US';
import { clientTokenAtom, refreshTokenAtom } from '../session/atoms';
import { storeUserTokens } from '../session/tokens';
import { type ApiResult, apiError } from './result';
import { type CallOptions, CLIENT_TOKEN_PATH, type RequestDeps, type Send } from './request';
import {
  type ClientTokenReply,
  ClientTokenReplySchema,
  EmptyReplySchema,
  type UserTokenReply,
  UserTokenReplySchema,
} from './schemas';

/** Token calls of spec section 7; they go to the portal origin, which holds the client secret. */
export function createTokenCalls(send: Send, deps: RequestDeps) {
  const { store, now } = deps;
  /** A client-token call started at page start-up, handed to the first caller (login start). */
  let early: Promise<ApiResult<ClientTokenReply>> | null = null;

  async function requestClientToken(call?: CallOptions): Promise<ApiResult<ClientTokenReply>> {
    const result = await send({
      ...call,
      method: 'GET',
      path: CLIENT_TOKEN_PATH,
      base: 'portal',
      schema: ClientTokenReplySchema,
    });
    if (result.ok) {
      store.set(clientTokenAtom, result.data.access_token);
      return result;
    }
    // Spec section 8: the description when there is one, else a generic message.
    const described = result.error.kind === 'http' && result.error.message !== messages.errors.default;
    if (described) return result;
    const { message: _, ...failure } = result.error;
    return { ok: false, error: apiError(failure.kind, () => messages.errors.unexpectedTryAgain, failure) };
  }

  return {
    /**
     * Starts the client-token call while the page is still starting, so its round trip overlaps
     * with loading the first screen; the first getClientToken() then takes this call instead of
     * making its own (once: later calls, such as a Retry, always ask the server again).
     */
    prefetchClientToken(): void {
      early ??= requestClientToken();
    },

    /** GET v1/token/generate/client_token; keeps the token in memory. */
    getClientToken(call?: CallOptions): Promise<ApiResult<ClientTokenReply>> {
      const pending = early;
      early = null;
      return pending ?? requestClientToken(call);
    },

    /**
     * POST v1/token/generate/user_token { assertion, refresh_token? }: exchanges an id_token; keeps
     * the tokens. The handle of the sign-in this page holds goes along: the portal server revokes
     * that sign-in, and for the same user the new one keeps its start (its 12 hours).
     */
    async getUserToken(assertion: string, call?: CallOptions): Promise<ApiResult<UserTokenReply>> {
      const held = store.get(refreshTokenAtom);
      const result = await send({
        ...call,
        method: 'POST',
        path: 'v1/token/generate/user_token',
        base: 'portal',
        body: { assertion, ...(held ? { refresh_token: held } : {}) },
        schema: UserTokenReplySchema,
      });
      if (result.ok) storeUserTokens(store, result.data, now());
      return result;
    },

    /**
     * POST v1/token/generate/refresh when a refresh token is held; keeps the new tokens. The
     * refresh token itself is in the portal server's HttpOnly cookie of this sign-in, which the
     * browser sends with the call; the body's refresh_token is the sign-in's handle, without which
     * the cookie redeems nothing. A background call: the session timer schedules it, so its
     * response is no user activity and does not reset the idle timer.
     */
    async refreshUserToken(call?: CallOptions): Promise<ApiResult<UserTokenReply>> {
      const handle = store.get(refreshTokenAtom);
      if (!handle) {
        return { ok: false, error: apiError('http', () => messages.errors.default) };
      }
      const result = await send({
        ...call,
        method: 'POST',
        path: 'v1/token/generate/refresh',
        base: 'portal',
        background: true,
        body: { grant_type: 'refresh_token', refresh_token: handle, scope: REFRESH_SCOPE },
        schema: UserTokenReplySchema,
      });
      if (result.ok) storeUserTokens(store, result.data, now());
      return result;
    },

    /**
     * POST v1/token/revoke { token }: an access token, or a sign-in's handle, for which the portal
     * server revokes the refresh token of that sign-in's cookie at the SSO and clears the cookie.
     */
    revokeToken(token: string, call?: CallOptions) {
      return send({
        ...call,
        method: 'POST',
        path: 'v1/token/revoke',
        base: 'portal',
        body: { token },
        schema: EmptyReplySchema,
      });
    },
  };
}
