import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { verifyPassword } from '../state/passwords.js';
import { requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';
import { StepUpBodySchema } from './schemas.js';
import { stepUpBinding } from './stepUp.js';
import { STEP_UP_GRANT_TTL_MS } from './stepUpGrants.js';

/**
 * MeStepUp (our design, not the spec's): the signed-in user proves a fresh factor (the password)
 * and names the credentials about to be deleted; the reply is a grant for exactly those, for
 * this sign-in, for 5 minutes. A wrong password is 401 8800011; after 5 wrong ones the sign-in
 * gets 403 8800061 until the user signs in again.
 */
export function registerStepUpRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/MeStepUp', async (request, reply) => {
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.invalidAccessToken();
    const body = parseInput(StepUpBodySchema, request.body);
    const binding = stepUpBinding(user, claims);
    const grants = ctx.state.stepUpGrants;
    if (grants.locked(binding)) throw errors.stepUpLocked();
    if (!user.passwordHash || !verifyPassword(body.password, user.passwordHash)) {
      throw grants.fail(binding) ? errors.invalidCredentials() : errors.stepUpLocked();
    }
    const stepUpGrant = grants.issue(binding, body.credIds, ctx.state.clock.now());
    reply.header('cache-control', 'no-store');
    return { stepUpGrant, expiresIn: STEP_UP_GRANT_TTL_MS / 1000 };
  });
}
