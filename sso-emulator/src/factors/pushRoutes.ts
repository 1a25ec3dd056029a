import type { FastifyInstance } from 'fastify';
import { stayReply } from '../auth/authReply.js';
import { requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { matchingNumber, newPush, pushStatus } from '../state/pushes.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { advanceAfter } from './enrolment.js';
import { pushContextOf } from './pushContext.js';
import { PushGenerateBodySchema, PushStatusBodySchema } from './schemas.js';

/**
 * PushGenerator starts a pending push; PushStatus reports PENDING, AUTHENTICATED, REJECTED or
 * TIMED_OUT, for a sign-in push or for the registration push of an enrolment
 * (VIPCredentialRegistrar during sign-in; its approval activates the new credential).
 */
export function registerPushRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/PushGenerator', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(PushGenerateBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, ['PUSH']);
    const credential = ctx.state.findCredential(user, body.credId);
    if (credential?.credType !== 'totp_push' || credential.status !== 'ACTIVE' || credential.pending) {
      throw errors.credentialNotFound();
    }
    // Number matching (our design, issue 27): the number and the context go to the page too.
    const matching =
      ctx.state.settings.pushNumberMatching === 'on'
        ? { number: matchingNumber(), context: pushContextOf(request, tx) }
        : {};
    const push = newPush(
      'login',
      {
        transactionId: tx.flowStateId,
        userName: user.userName,
        credId: credential.credId,
        credValue: credential.credValue,
        ...matching,
      },
      ctx.state.clock.now(),
      ctx.config.pushTimeoutMs,
    );
    ctx.state.pushes.set(push.id, push);
    const data = {
      message: `Push sent to ${credential.credValue}`,
      ...(push.number ? { numberChallenge: push.number, signInContext: push.context } : {}),
    };
    return stayReply(tx, user, 'PUSH_AUTH', { data });
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
    const waiting = latest.kind === 'registration' ? 'PUSH_REGISTRATION_STATUS' : 'PUSH_AUTH';
    if (status === 'AUTHENTICATED') {
      ctx.state.pushes.delete(latest.id);
      const next = await advanceAfter(ctx, tx, user, ctx.state.findCredential(user, body.credId));
      return { ...next, data: { status } };
    }
    return stayReply(tx, user, waiting, { data: { status } });
  });
}
