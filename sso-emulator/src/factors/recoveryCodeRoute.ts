import type { FastifyInstance } from 'fastify';
import { advance } from '../auth/authReply.js';
import { requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { spendRecoveryCode } from './recoveryCodes.js';
import { RecoveryCodeAuthBodySchema } from './schemas.js';

/**
 * RecoveryCodeAuthenticator (our addition, docs/adding-a-factor.md): the RECOVERYCODE factor step.
 * A right code is spent and the sign-in moves on; a wrong one counts toward the user's lockout.
 */
export function registerRecoveryCodeRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/RecoveryCodeAuthenticator', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(RecoveryCodeAuthBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, ['RECOVERYCODE']);
    const lockout = ctx.state.recoveryCodeLockout;
    if (lockout.isLocked(user.userName)) throw errors.recoveryCodesLocked();
    if (!spendRecoveryCode(user, body.code)) {
      throw lockout.fail(user.userName) ? errors.recoveryCodesLocked() : errors.invalidRecoveryCode();
    }
    lockout.succeed(user.userName);
    return advance(ctx, tx, user);
  });
}
