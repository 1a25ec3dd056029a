import type { FastifyInstance } from 'fastify';
import { stepFactors } from './stepFactors.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { currentStepReply, factorReply, selectionReply } from './authReply.js';
import { requireTransaction } from './flowState.js';
import { SelectedFactorBodySchema } from './schemas.js';

/** POST auth/v1/SelectedFactor: choose a factor, restore the last action, or choose another factor. */
export function registerSelectedFactor(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/auth/v1/SelectedFactor', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(SelectedFactorBodySchema, request.body);
    const tx = requireTransaction(ctx, request);
    const user = tx.userName ? ctx.state.findUser(tx.userName) : undefined;
    if (!user || tx.completed) throw errors.unexpectedFactor('selection');
    if ('factor' in body) {
      const step = stepFactors(user, tx.stepIndex);
      if (!step.includes(body.factor)) throw errors.unexpectedFactor(body.factor);
      return factorReply(tx, user, body.factor);
    }
    if (body.action === 'chooseanother') return selectionReply(tx, user);
    const last = tx.lastReply ?? (await currentStepReply(ctx, tx, user));
    return { ...last, skipFactorAutoRedirect: true };
  });
}
