import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { advance, stayReply } from '../auth/authReply.js';
import { requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { type PushRequest, pushStatus } from '../state/pushes.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { PushGenerateBodySchema, PushStatusBodySchema } from './schemas.js';

/** PushGenerator starts a pending push; PushStatus reports PENDING, AUTHENTICATED, REJECTED or TIMED_OUT. */
export function registerPushRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/PushGenerator', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(PushGenerateBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, ['PUSH']);
    const credential = ctx.state.findCredential(user, body.credId);
    if (credential?.credType !== 'totp_push' || credential.status !== 'ACTIVE') {
      throw errors.credentialNotFound();
    }
    const now = ctx.state.clock.now();
    const push: PushRequest = {
      id: randomUUID(),
      transactionId: tx.flowStateId,
      userName: user.userName,
      credId: credential.credId,
      credValue: credential.credValue,
      createdAt: now,
      expiresAt: now + ctx.config.pushTimeoutMs,
      answer: 'PENDING',
    };
    ctx.state.pushes.set(push.id, push);
    return stayReply(tx, user, 'PUSH_AUTH', { data: { message: `Push sent to ${credential.credValue}` } });
  });

  app.post('/factor/v1/PushStatus', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(PushStatusBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, ['PUSH']);
    const latest = [...ctx.state.pushes.values()]
      .filter((p) => p.transactionId === tx.flowStateId && p.credId === body.credId)
      .sort((a, b) => b.createdAt - a.createdAt)[0];
    if (!latest) throw errors.badRequest('No push was sent for this credential');
    const status = pushStatus(latest, ctx.state.clock.now());
    if (status === 'AUTHENTICATED') {
      ctx.state.pushes.delete(latest.id);
      const next = await advance(ctx, tx, user);
      return { ...next, data: { status } };
    }
    return stayReply(tx, user, 'PUSH_AUTH', { data: { status } });
  });
}
