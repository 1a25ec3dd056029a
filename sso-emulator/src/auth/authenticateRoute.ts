import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { idpDiscoveryReply, needsUserIdReply } from './arrivalReply.js';
import { advance, currentStepReply, deniedReply } from './authReply.js';
import { findTransaction, flowStateHeader, requireTransaction, startTransaction } from './flowState.js';
import { AuthenticateBodySchema, ResetFlowBodySchema } from './schemas.js';
import { recogniseDevice } from './trustedDevice.js';

/** POST auth/v1/authenticate: start or resume a sign-in transaction, or reset it (resetFlow). */
export function registerAuthenticate(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/auth/v1/authenticate', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const raw = request.body;
    if (typeof raw === 'object' && raw !== null && 'resetFlow' in raw) {
      const body = parseInput(ResetFlowBodySchema, raw);
      const old = requireTransaction(ctx, request);
      ctx.state.transactions.delete(old.flowState);
      const tx = startTransaction(ctx, old.oauth2);
      return {
        flowState: tx.flowState,
        flowStateId: tx.flowStateId,
        userName: body.subject?.toLowerCase() ?? '',
      };
    }
    const body = parseInput(AuthenticateBodySchema, raw);
    const header = flowStateHeader(request);
    const existing = findTransaction(ctx, header);
    if (header && !existing) throw errors.invalidFlowState();
    const tx = existing ?? startTransaction(ctx, false);

    if (body.subject !== undefined) {
      const user = ctx.state.findUser(body.subject);
      if (!user) throw errors.userNotFound();
      if (user.status === 'DISABLED') throw errors.userDisabled();
      if (tx.userName !== user.userName || tx.completed) {
        Object.assign(tx, {
          userName: user.userName,
          stepIndex: 0,
          factor: undefined,
          completed: false,
          outcome: undefined,
          // A passkey-autofill challenge of this transaction is void once a User ID is typed.
          fidoChallenge: undefined,
        });
        tx.idpUserName = undefined;
      }
      recogniseDevice(ctx, tx, user, body);
      if (user.denied) return deniedReply(tx, user);
      return currentStepReply(ctx, tx, user);
    }

    // No subject: the portal resumes the transaction its flow state names: back from the identity
    // provider, or arriving from a relying party, whose start may have named the user (login_hint,
    // SSO session), a provider to discover the user with, or nothing yet (the User ID is needed).
    const userName = tx.idpUserName ?? tx.userName;
    const user = userName ? ctx.state.findUser(userName) : undefined;
    if (!user) {
      if (!existing) throw errors.badRequest('Invalid request field subject: required for a new transaction');
      return tx.idpDiscovery ? idpDiscoveryReply(ctx, tx, tx.idpDiscovery) : needsUserIdReply(tx);
    }
    if (user.status === 'DISABLED') throw errors.userDisabled();
    tx.userName = user.userName;
    if (tx.idpUserName && tx.factor?.split('/')[0] === 'IDP') {
      tx.idpUserName = undefined;
      return advance(ctx, tx, user);
    }
    return currentStepReply(ctx, tx, user);
  });
}
