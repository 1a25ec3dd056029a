import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenAudit } from '../audit/tokenAudit.js';
import { sendError } from '../http/errorReply.js';
import { parseBody } from '../http/validateBody.js';
import { type RateLimitRule, rateLimitHook } from '../rateLimit/rateLimit.js';
import type { RateLimitStore } from '../rateLimit/rateLimitStore.js';
import { sameOriginHook } from '../security/sameOriginGuard.js';
import { NO_STORE } from '../static/cachePolicy.js';
import { REFRESH_TOKEN_IN_COOKIE, type RefreshTokenCustody } from './custody/refreshTokenCustody.js';
import type { SsoCallResult, SsoTokenClient } from './ssoTokenClient.js';
import {
  ClientTokenReplySchema,
  RefreshRequestSchema,
  RevokeRequestSchema,
  UserTokenReplySchema,
  UserTokenRequestSchema,
} from './tokenSchemas.js';

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

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

/**
 * The browser's token calls (spec section 7, Tokens). The portal holds the client secret and calls
 * the SSO server to server, so the browser never sees it; refresh tokens go into a sealed HttpOnly
 * cookie instead of the replies (custody/), and only the portal's own pages may call, at a
 * limited rate per client address.
 */
export async function registerTokenRoutes(app: FastifyInstance, options: TokenRoutesOptions): Promise<void> {
  const { sso, custody } = options;
  await app.register(async (scope) => {
    // Cross-site calls first, uncounted: another site must not spend a visitor's allowance.
    scope.addHook('onRequest', sameOriginHook(options.publicOrigin));
    scope.addHook('onRequest', rateLimitHook(options.rateLimit.store, options.rateLimit.rule));

    scope.get('/v1/token/generate/client_token', async (request, reply) => {
      const result = await sso.token({ grant_type: 'client_credentials' }, ClientTokenReplySchema);
      return relay(request, reply, result, (token) => token);
    });

    scope.post('/v1/token/generate/user_token', async (request, reply) => {
      const body = parseBody(UserTokenRequestSchema, request.body, reply);
      if (!body) return reply;
      const result = await sso.token(
        { grant_type: JWT_BEARER_GRANT, assertion: body.assertion },
        UserTokenReplySchema,
      );
      return relay(request, reply, result, (tokens) => custody.withhold(tokens, reply));
    });

    scope.post('/v1/token/generate/refresh', async (request, reply) => {
      const body = parseBody(RefreshRequestSchema, request.body, reply);
      if (!body) return reply;
      const held = custody.held(request);
      if (!held.ok) {
        request.log.warn({ reason: held.reason }, 'refresh refused: no usable refresh cookie');
        options.audit?.refreshRefused(request, held.reason);
        if (held.reason !== 'no cookie') custody.forget(reply);
        return sendError(reply, 401, 'PORTAL_SESSION_ENDED', 'Your session has ended, please sign in again');
      }
      const result = await sso.token(
        { grant_type: body.grant_type, refresh_token: held.token, scope: body.scope },
        UserTokenReplySchema,
      );
      // The SSO refused the refresh token: it is dead, and so is the cookie.
      if (result.kind === 'upstream-error') custody.forget(reply);
      if (result.kind === 'upstream-error') options.audit?.refreshRefused(request, 'sso refused', held.token);
      return relay(request, reply, result, (tokens) => ({
        ...custody.withhold(tokens, reply, held.since),
        refresh_token: REFRESH_TOKEN_IN_COOKIE,
      }));
    });

    scope.post('/v1/token/revoke', async (request, reply) => {
      const body = parseBody(RevokeRequestSchema, request.body, reply);
      if (!body) return reply;
      if (body.token !== REFRESH_TOKEN_IN_COOKIE) {
        return relay(request, reply, await sso.revoke(body.token), () => ({}));
      }
      // Logout: the cookie goes whatever the SSO says; the refresh token it held is revoked there.
      const held = custody.held(request);
      custody.forget(reply);
      options.audit?.logout(request, held.ok ? held.token : undefined);
      if (!held.ok) return reply.header('cache-control', NO_STORE).send({});
      return relay(request, reply, await sso.revoke(held.token), () => ({}));
    });
  });
}
