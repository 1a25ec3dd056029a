import type { EmulatorContext } from '../context.js';
import { providerOfFactor } from '../idp/providers.js';
import type { Transaction } from '../state/transactions.js';
import type { AuthReply } from './authReply.js';

/**
 * Replies to an authenticate without subject for an oauth2 transaction that knows no user yet
 * (the portal's arrival from a relying party).
 */

/** The server needs the User ID: the flow state and an empty user name, no nextaction. */
export function needsUserIdReply(tx: Transaction): Record<string, unknown> {
  return { flowState: tx.flowState, flowStateId: tx.flowStateId, userName: '' };
}

/** Identity-provider discovery: IDP_AUTH for the provider the relying party named, no user yet. */
export function idpDiscoveryReply(ctx: EmulatorContext, tx: Transaction, factor: string): AuthReply {
  const provider = providerOfFactor(ctx, factor);
  tx.factor = factor;
  const reply: AuthReply = {
    nextaction: 'IDP_AUTH',
    flowState: tx.flowState,
    flowStateId: tx.flowStateId,
    userName: '',
    currentFactors: [factor],
    customFactorOptions: provider ? { [factor]: provider.name } : {},
  };
  tx.lastReply = reply;
  return reply;
}
