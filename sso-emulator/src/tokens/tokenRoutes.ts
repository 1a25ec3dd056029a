import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endFlowStatesOf } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { ApiError } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import type { User } from '../state/model.js';
import type { TokenFamily } from '../state/tokenFamilies.js';
import { invalidGrant, redeemRefreshToken } from './refreshGrant.js';
import { RevokeRequestSchema, TokenRequestSchema } from './schemas.js';

const USER_SCOPE = 'openid email profile offline_access';

/**
 * How long after it was issued an id_token may be exchanged (jwt-bearer), seconds. A sign-in's
 * id_token is exchanged the moment it arrives; a copy read later is worth nothing.
 */
export const ID_TOKEN_EXCHANGE_WINDOW_SECONDS = 120;

function oauthError(status: number, error: string, description: string): ApiError {
  return new ApiError(status, status === 401 ? '0000005' : '0000400', description, {
    error,
    error_description: description,
  });
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** HTTP Basic client authentication with the configured client id and secret. */
function requireClient(ctx: EmulatorContext, request: FastifyRequest): void {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const separator = decoded.indexOf(':');
  const id = decodeURIComponent(decoded.slice(0, Math.max(separator, 0)));
  const secret = decodeURIComponent(decoded.slice(separator + 1));
  if (separator < 0 || !safeEqual(id, ctx.config.clientId) || !safeEqual(secret, ctx.config.clientSecret)) {
    throw oauthError(401, 'invalid_client', 'Client authentication failed');
  }
}

/** Access, refresh and id token of one family; the refresh token never outlives the family. */
async function issueUserTokens(ctx: EmulatorContext, user: User, family: TokenFamily) {
  const profile = { name: user.displayName, ...(user.email ? { email: user.email } : {}) };
  const ttl = ctx.state.accessTokenTtlSeconds ?? ctx.config.accessTokenTtlSeconds;
  const fam = { fam: family.id };
  const secondsLeft = Math.floor((family.endsAt - ctx.state.clock.now()) / 1000);
  const refreshTtl = Math.max(1, Math.min(ctx.config.refreshTokenTtlSeconds, secondsLeft));
  const access = await ctx.tokens.sign('access', user.userName, ttl, {
    ...profile,
    scope: USER_SCOPE,
    ...fam,
  });
  const refresh = await ctx.tokens.sign('refresh', user.userName, refreshTtl, fam);
  const id = await ctx.tokens.sign('id', user.userName, ttl, { ...profile, ...fam });
  family.currentRefreshJti = refresh.jti;
  family.issued.push(
    { kind: 'access', jti: access.jti, token: access.token },
    { kind: 'refresh', jti: refresh.jti, token: refresh.token },
    { kind: 'id', jti: id.jti, token: id.token },
  );
  return {
    access_token: access.token,
    refresh_token: refresh.token,
    id_token: id.token,
    token_type: 'Bearer',
    expires_in: ttl,
    scope: USER_SCOPE,
  };
}

/** oauth2/v1/token (client credentials, jwt-bearer id_token assertion, rotating refresh) and oauth2/v1/revoke. */
export function registerTokenRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/oauth2/v1/token', async (request, reply) => {
    requireClient(ctx, request);
    const body = parseInput(TokenRequestSchema, request.body);
    reply.header('cache-control', 'no-store');
    if (body.grant_type === 'client_credentials') {
      const ttl = ctx.config.clientTokenTtlSeconds;
      const { token } = await ctx.tokens.sign('client', ctx.config.clientId, ttl);
      return { access_token: token, token_type: 'Bearer', expires_in: ttl };
    }
    if (body.grant_type === 'refresh_token') {
      const family = await redeemRefreshToken(ctx, body.refresh_token);
      const user = ctx.state.findUser(family.userName);
      if (user?.status !== 'ACTIVE') throw invalidGrant('User is not active');
      return issueUserTokens(ctx, user, family);
    }
    const claims = await ctx.tokens.verify(body.assertion, ['id']);
    const issuedAt = claims?.iat ?? Number.NEGATIVE_INFINITY;
    if (!claims || ctx.state.clock.nowSeconds() - issuedAt > ID_TOKEN_EXCHANGE_WINDOW_SECONDS) {
      throw invalidGrant('Assertion is invalid, expired or already used');
    }
    ctx.state.revokedTokenIds.add(claims.jti); // an id_token is exchanged once
    const user = ctx.state.findUser(claims.sub);
    if (user?.status !== 'ACTIVE') throw invalidGrant('User is not active');
    // A sign-in: a new family, whose absolute lifetime starts now; an id_token issued with an
    // earlier sign-in's tokens keeps that sign-in's end (a re-exchange never extends a session).
    const now = ctx.state.clock.now();
    const earlier = claims.fam === undefined ? undefined : ctx.state.tokenFamilies.get(claims.fam);
    const lifetimeMs = ctx.config.sessionLifetimeSeconds * 1000;
    const family = ctx.state.tokenFamilies.start(
      user.userName,
      now,
      earlier ? Math.min(lifetimeMs, earlier.endsAt - now) : lifetimeMs,
    );
    return issueUserTokens(ctx, user, family);
  });

  app.post('/oauth2/v1/revoke', async (request) => {
    requireClient(ctx, request);
    const body = parseInput(RevokeRequestSchema, request.body);
    const claims = await ctx.tokens.verify(body.token, ['client', 'access', 'refresh', 'id']);
    if (claims) {
      ctx.state.revokedTokenIds.add(claims.jti);
      // RFC 7009 section 2.1: revoking a refresh token ends the grant, its access tokens included.
      const family = claims.fam === undefined ? undefined : ctx.state.tokenFamilies.get(claims.fam);
      if (claims.kind === 'refresh' && family) ctx.state.tokenFamilies.end(family, 'revoked');
      // Logout: the user's flow states begun before this token was issued end with it.
      if (claims.kind !== 'client' && claims.iat !== undefined)
        endFlowStatesOf(ctx, claims.sub, claims.iat * 1000);
    }
    return {}; // RFC 7009: unknown tokens are not an error
  });
}
