import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import type { User } from '../state/model.js';
import { newTransaction, type Transaction } from '../state/transactions.js';

export function startTransaction(ctx: EmulatorContext, oauth2: boolean): Transaction {
  const tx = newTransaction(ctx.state.clock.now(), ctx.config.flowStateTtlMs, oauth2);
  ctx.state.transactions.set(tx.flowState, tx);
  return tx;
}

/** Looks up a flow state; unknown or expired ones are refused, live ones get their expiry extended. */
export function findTransaction(
  ctx: EmulatorContext,
  flowState: string | undefined,
): Transaction | undefined {
  if (!flowState) return undefined;
  const tx = ctx.state.transactions.get(flowState);
  const now = ctx.state.clock.now();
  if (!tx) return undefined;
  if (tx.expiresAt <= now) {
    ctx.state.transactions.delete(flowState);
    return undefined;
  }
  tx.expiresAt = now + ctx.config.flowStateTtlMs;
  return tx;
}

export function flowStateHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['x-flow-state'];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The X-Flow-State header must name a live transaction: 401 errorCode 0000010 otherwise. */
export function requireTransaction(ctx: EmulatorContext, request: FastifyRequest): Transaction {
  const tx = findTransaction(ctx, flowStateHeader(request));
  if (!tx) throw errors.invalidFlowState();
  return tx;
}

/** A live transaction that already knows its user, in a step performing one of `factors`. */
export function requireFactorStep(
  ctx: EmulatorContext,
  request: FastifyRequest,
  factors: readonly string[],
): { tx: Transaction; user: User } {
  const tx = requireTransaction(ctx, request);
  const user = tx.userName ? ctx.state.findUser(tx.userName) : undefined;
  const base = tx.factor?.split('/')[0];
  if (!user || tx.completed || !base || !factors.includes(base)) {
    throw errors.unexpectedFactor(factors.join('|'));
  }
  return { tx, user };
}
