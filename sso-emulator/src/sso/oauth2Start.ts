import type { FastifyRequest } from 'fastify';
import { startTransaction } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { identityProviders } from '../idp/providers.js';
import type { Transaction } from '../state/transactions.js';
import { liveSsoSession } from './ssoSessions.js';

export interface Oauth2StartOptions {
  /** The relying party's hint of who signs in (OpenID Connect `login_hint`). */
  loginHint?: string | undefined;
  /** The identity provider to discover the user with (its id, e.g. 'corp'). */
  idp?: string | undefined;
}

/**
 * A new oauth2 transaction for a relying party's start, bound to what the browser and the relying
 * party already say about the user, in this order:
 * 1. the browser's live SSO session, unless a login_hint names someone else: the session's user
 *    with every step done (the portal's arrival authenticate answers AUTH_ALLOWED);
 * 2. a login_hint naming a known user: that user at the first step (an unknown hint is ignored);
 * 3. idp=<id>: identity-provider discovery, no user until the provider says who it is;
 * 4. otherwise no user: the portal asks for the User ID.
 */
export function startOauth2Transaction(
  ctx: EmulatorContext,
  request: FastifyRequest,
  options: Oauth2StartOptions,
): Transaction {
  const provider = options.idp === undefined ? undefined : identityProviders(ctx).get(options.idp);
  if (options.idp !== undefined && !provider) {
    throw errors.badRequest('Invalid request field idp: not an identity provider of this tenant');
  }
  const hinted = options.loginHint ? ctx.state.findUser(options.loginHint) : undefined;
  const session = liveSsoSession(ctx, request);
  const sessionUser = session ? ctx.state.findUser(session.userName) : undefined;

  const tx = startTransaction(ctx, true);
  if (session && sessionUser && (!hinted || hinted.userName === sessionUser.userName)) {
    tx.userName = sessionUser.userName;
    tx.stepIndex = sessionUser.steps.length;
    tx.ssoSessionId = session.id;
  } else if (hinted) {
    tx.userName = hinted.userName;
  } else if (provider) {
    tx.idpDiscovery = provider.factor;
  }
  return tx;
}
