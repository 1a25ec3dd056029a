import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenAudit } from '../audit/tokenAudit.js';
import { sendError } from '../http/errorReply.js';
import { parseBody } from '../http/validateBody.js';
import { type RateLimitRule, rateLimitHook } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import { sameOriginHook } from '../security/sameOriginGuard.js';
import { NO_STORE } from '../static/cachePolicy.js';
import { isRefreshHandle } from './custody/refreshHandle.js';
import type { RefreshTokenCustody } from './custody/refreshTokenCustody.js';
import { exchangeSignIn } from './signInExchange.js';
import type { SsoCallResult, SsoTokenClient } from './ssoTokenClient.js';
import {
  ClientTokenReplySchema,
  pageTokens,
  RefreshRequestSchema,
  RevokeRequestSchema,
  UserTokenReplySchema,
  UserTokenRequestSchema,
} from './tokenSchemas.js';

const CLIENT_TOKEN_PATH = '/v1/token/generate/client_token';

export interface TokenRoutesOptions {
  sso: SsoTokenClient;
  custody: RefreshTokenCustody;
  /** The portal's origin as browsers see it: only its own pages may call. */
  publicOrigin: () => string;
  rateLimit: { store: RateLimitStore; rule: RateLimitRule };
  /** The audit trail's logout and refused-refresh events (src/audit/). */
  audit?: TokenAudit;
}

function relay<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: SsoCallResult<T>,
  success: (value: T) => unknown,
) {
  switch (result.kind) {
    case 'ok':
      return reply.header('cache-control', NO_STORE).send(success(result.value));
    case 'upstream-error':
      return reply.code(result.status).header('cache-control', NO_STORE).send(result.body);
    case 'unavailable':
      request.log.error({ reason: result.reason }, 'SSO token endpoint unavailable');
      return sendError(
        reply,
        502,
        'PORTAL_UPSTREAM',
        'The sign-in service is unavailable, please try again later',
      );
    case 'redirected':
      request.log.error({ reason: result.reason }, 'SSO token endpoint redirected');
      return sendError(
        reply,
        502,
        'PORTAL_UPSTREAM_REDIRECT',
        'The sign-in service is unavailable, please try again later',
      );
  }
}

const sessionEnded = (reply: FastifyReply) =>
  sendError(reply, 401, 'PORTAL_SESSION_ENDED', 'Your session has ended, please sign in again');

/**
 * The browser's token calls (spec section 7, Tokens). The portal holds the client secret and calls
 * the SSO server to server, so the browser never sees it; refresh tokens go into sealed HttpOnly
 * cookies, one per sign-in, redeemed only with the sign-in's handle the page holds (custody/);
 * no reply carries an id_token. Only the portal's own pages may call, at a limited rate per
 * client address; the calls that set or redeem a cookie refuse callers that are no page at all.
 */
export async function registerTokenRoutes(app: FastifyInstance, options: TokenRoutesOptions): Promise<void> {
  const { sso, custody } = options;
  await app.register(async (scope) => {
    // Cross-site calls first, uncounted: another site must not spend a visitor's allowance.
    scope.addHook(
      'onRequest',
      sameOriginHook(options.publicOrigin, (request) => request.url.split('?')[0] !== CLIENT_TOKEN_PATH),
    );
    scope.addHook('onRequest', rateLimitHook(options.rateLimit.store, options.rateLimit.rule));

    scope.get(CLIENT_TOKEN_PATH, async (request, reply) => {
      const result = await sso.token({ grant_type: 'client_credentials' }, ClientTokenReplySchema);
      return relay(request, reply, result, (token) => token);
    });

    scope.post('/v1/token/generate/user_token', async (request, reply) => {
      const body = parseBody(UserTokenRequestSchema, request.body, reply);
      if (!body) return reply;
      const result = await exchangeSignIn(
        { sso, custody },
        request,
        reply,
        body.assertion,
        body.refresh_token,
      );
      return relay(request, reply, result, (tokens) => tokens);
    });

    scope.post('/v1/token/generate/refresh', async (request, reply) => {
      const body = parseBody(RefreshRequestSchema, request.body, reply);
      if (!body) return reply;
      const held = custody.held(request, body.refresh_token);
      if (!held.ok) {
        request.log.warn(
          { reason: held.reason },
          'refresh refused: no usable refresh cookie for this handle',
        );
        options.audit?.refreshRefused(request, held.reason);
        if (held.clear !== undefined) custody.forget(reply, held.clear);
        return sessionEnded(reply);
      }
      const result = await sso.token(
        { grant_type: body.grant_type, refresh_token: held.token, scope: body.scope },
        UserTokenReplySchema,
      );
      // The SSO refused the refresh token: it is dead, and so is the cookie.
      if (result.kind === 'upstream-error') {
        custody.forget(reply, held.cookie);
        options.audit?.refreshRefused(request, 'sso refused', held.token);
      }
      return relay(request, reply, result, (tokens) => {
        custody.renew(reply, held, tokens.refresh_token ?? held.token);
        return pageTokens(tokens, held.handle);
      });
    });

    scope.post('/v1/token/revoke', async (request, reply) => {
      const body = parseBody(RevokeRequestSchema, request.body, reply);
      if (!body) return reply;
      if (!isRefreshHandle(body.token)) {
        return relay(request, reply, await sso.revoke(body.token), () => ({}));
      }
      // Logout: this sign-in's cookie goes whatever the SSO says; its refresh token is revoked there.
      const held = custody.held(request, body.token);
      options.audit?.logout(request, held.ok ? held.token : undefined);
      if (!held.ok) {
        if (held.clear !== undefined) custody.forget(reply, held.clear);
        return reply.header('cache-control', NO_STORE).send({});
      }
      custody.forget(reply, held.cookie);
      return relay(request, reply, await sso.revoke(held.token), () => ({}));
    });
  });
}
