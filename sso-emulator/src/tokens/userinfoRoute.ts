import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { requireBearer, USER_TOKEN_KINDS } from './bearer.js';
import { UserinfoRequestSchema } from './schemas.js';

/** oauth2/v1/userinfo: form-encoded access_token (or a bearer header); JSON, or a signed JWT with Accept: application/jwt. */
export function registerUserinfoRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/oauth2/v1/userinfo', async (request, reply) => {
    const body = parseInput(UserinfoRequestSchema, request.body ?? {});
    const claims = body.access_token
      ? await ctx.tokens.verify(body.access_token, USER_TOKEN_KINDS)
      : await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    if (!claims) throw errors.invalidAccessToken();
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.invalidAccessToken();
    const info = {
      sub: user.userName,
      name: user.displayName,
      preferred_username: user.userName,
      ...(user.email ? { email: user.email } : {}),
    };
    reply.header('cache-control', 'no-store');
    if ((request.headers.accept ?? '').includes('application/jwt')) {
      const { token } = await ctx.tokens.sign('id', user.userName, 300, info);
      return reply.type('application/jwt').send(token);
    }
    return info;
  });
}
