import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { generateRecoveryCodes, recoveryCodesLeft } from '../factors/recoveryCodes.js';
import { errors } from '../http/apiError.js';
import { requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';

/**
 * MeRecoveryCodes (our addition, docs/adding-a-factor.md), with the user token:
 * - GET → { remaining, createdDatetime } (0 and null without a set);
 * - POST → a new set of ten codes, shown this once: { codes, remaining, createdDatetime }. Any
 *   earlier set stops working at once.
 */
export function registerMeRecoveryCodesRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  async function signedInUser(request: Parameters<typeof requireBearer>[0]) {
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.invalidAccessToken();
    return user;
  }

  app.get('/factor/v1/MeRecoveryCodes', async (request, reply) => {
    const user = await signedInUser(request);
    reply.header('cache-control', 'no-store');
    return {
      remaining: recoveryCodesLeft(user),
      createdDatetime: user.recoveryCodeSet?.createdDatetime ?? null,
    };
  });

  app.post('/factor/v1/MeRecoveryCodes', async (request, reply) => {
    const user = await signedInUser(request);
    const { codes, set } = generateRecoveryCodes(ctx.state.nowIso());
    user.recoveryCodeSet = set;
    reply.header('cache-control', 'no-store');
    return { codes, remaining: codes.length, createdDatetime: set.createdDatetime };
  });
}
