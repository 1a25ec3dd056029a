import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';
import { parseBody } from '../http/validateBody.js';
import { NO_STORE } from '../static/cachePolicy.js';
import type { SsoCallResult, SsoTokenClient } from './ssoTokenClient.js';
import {
  ClientTokenReplySchema,
  RefreshRequestSchema,
  RevokeRequestSchema,
  UserTokenReplySchema,
  UserTokenRequestSchema,
} from './tokenSchemas.js';

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

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
  }
}

/**
 * The browser's token calls (spec section 7, Tokens). The portal holds the client secret and calls
 * the SSO server to server, so the browser never sees it.
 */
export function registerTokenRoutes(app: FastifyInstance, sso: SsoTokenClient): void {
  app.get('/v1/token/generate/client_token', async (request, reply) => {
    const result = await sso.token({ grant_type: 'client_credentials' }, ClientTokenReplySchema);
    return relay(request, reply, result, (token) => token);
  });

  app.post('/v1/token/generate/user_token', async (request, reply) => {
    const body = parseBody(UserTokenRequestSchema, request.body, reply);
    if (!body) return reply;
    const result = await sso.token(
      { grant_type: JWT_BEARER_GRANT, assertion: body.assertion },
      UserTokenReplySchema,
    );
    return relay(request, reply, result, (token) => token);
  });

  app.post('/v1/token/generate/refresh', async (request, reply) => {
    const body = parseBody(RefreshRequestSchema, request.body, reply);
    if (!body) return reply;
    const result = await sso.token(
      { grant_type: body.grant_type, refresh_token: body.refresh_token, scope: body.scope },
      UserTokenReplySchema,
    );
    return relay(request, reply, result, (token) => token);
  });

  app.post('/v1/token/revoke', async (request, reply) => {
    const body = parseBody(RevokeRequestSchema, request.body, reply);
    if (!body) return reply;
    const result = await sso.revoke(body.token);
    return relay(request, reply, result, () => ({}));
  });
}
