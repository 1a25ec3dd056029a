import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import type { User } from '../state/model.js';
import { newTransaction, type Transaction } from '../state/transactions.js';
import { completionSecretMatches } from './completionSecret.js';

export function startTransaction(ctx: EmulatorContext, oauth2: boolean): Transaction {
  const tx = newTransaction(ctx.state.clock.now(), ctx.config.flowStateTtlMs, oauth2);
  ctx.state.transactions.set(tx.flowState, tx);
  return tx;
}

/** A transaction that answered AUTH_ALLOWED: its flow state has had its use (see findTransaction). */
function allowed(tx: Transaction): boolean {
  return tx.completed && tx.outcome === 'ALLOWED';
}

/** The transaction of a flow state that has not expired (an expired one is forgotten). */
function liveTransaction(ctx: EmulatorContext, flowState: string | undefined): Transaction | undefined {
  if (!flowState) return undefined;
  const tx = ctx.state.transactions.get(flowState);
  if (!tx) return undefined;
  if (tx.expiresAt <= ctx.state.clock.now()) {
    ctx.state.transactions.delete(flowState);
    return undefined;
  }
  return tx;
}

/**
 * Looks up a flow state for a sign-in call. Unknown and expired ones are refused. One that has
 * answered AUTH_ALLOWED is refused too: a finished sign-in is never resumed or repeated with its
 * flow state (a hand-back address replayed later, or sent to someone else, signs no one in); in
 * the oauth2 flow only authcomplete takes it, once (takeAllowedOauth2Transaction). A sign-in in
 * progress gets its expiry extended; a finished one (denied) keeps the end it had.
 */
export function findTransaction(
  ctx: EmulatorContext,
  flowState: string | undefined,
): Transaction | undefined {
  const tx = liveTransaction(ctx, flowState);
  if (!tx || allowed(tx)) return undefined;
  if (!tx.completed) tx.expiresAt = ctx.state.clock.now() + ctx.config.flowStateTtlMs;
  return tx;
}

/**
 * authcomplete's single use of an oauth2 flow state that answered AUTH_ALLOWED: it ends there,
 * and with it the completion secret. A request without that flow's secret (`presented`, compared
 * in constant time) gets nothing and leaves the flow to the browser that holds it.
 */
export function takeAllowedOauth2Transaction(
  ctx: EmulatorContext,
  flowState: string | undefined,
  presented: string | undefined,
): Transaction | undefined {
  const tx = liveTransaction(ctx, flowState);
  if (!tx?.oauth2 || !allowed(tx) || !completionSecretMatches(tx.completionDigest, presented)) {
    return undefined;
  }
  ctx.state.transactions.delete(tx.flowState);
  tx.completionDigest = undefined;
  return tx;
}

/**
 * Logout (a revoked user token) ends the user's flow states begun before the token was issued:
 * the one that signed them in, if authcomplete has not taken it yet, and any sign-in they left
 * unfinished then, e.g. in another tab of a shared machine. A flow begun after (a new sign-in,
 * possibly already under way while the revoke travels) is left alone.
 */
export function endFlowStatesOf(ctx: EmulatorContext, userName: string, issuedAtMs: number): number {
  let ended = 0;
  for (const [flowState, tx] of ctx.state.transactions) {
    const owner = tx.userName ?? tx.idpUserName;
    if (owner === userName && tx.createdAt <= issuedAtMs) {
      ctx.state.transactions.delete(flowState);
      ended += 1;
    }
  }
  return ended;
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
