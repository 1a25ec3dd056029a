import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { requireFactorStep, requireTransaction } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { tenantUrl } from '../context.js';
import type { FaultRegistry } from '../faults/faults.js';
import { errors } from '../http/apiError.js';
import { PAGE_CSP } from '../http/html.js';
import { parseInput } from '../http/parseBody.js';
import type { Transaction } from '../state/transactions.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { IDP_CONTINUE_PATH, idpPage } from './idpPage.js';
import { federatedUsers, providerOfFactor } from './providers.js';
import { requirePortalUrl } from './relayState.js';
import { autoPostForm, requestIdFrom, samlRequest } from './samlForm.js';

export const IDP_SSO_PATH = '/_emulator/idp/sso';

const SsoFormSchema = v.object({ SAMLRequest: v.pipe(v.string(), v.minLength(1)), RelayState: v.string() });
const ContinueFormSchema = v.object({
  requestId: v.pipe(v.string(), v.uuid()),
  RelayState: v.string(),
  /** Discovery only: who the person says they are at the provider. */
  userName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(256))),
});

/** Identity-provider discovery still waiting for the provider to say who the user is. */
function awaitingDiscovery(tx: Transaction): boolean {
  return !tx.userName && !tx.completed && tx.idpDiscovery !== undefined && tx.factor === tx.idpDiscovery;
}

/** The transaction at an IDP step: a known user's, or a discovery without a user yet. */
function requireIdpStep(ctx: EmulatorContext, request: FastifyRequest): Transaction {
  const tx = requireTransaction(ctx, request);
  return awaitingDiscovery(tx) ? tx : requireFactorStep(ctx, request, ['IDP']).tx;
}

/** GET {tenant}/oauth2/v1/idp: the SAML auto-post form towards the emulator's IdP page. */
export function registerIdpCall(app: FastifyInstance, ctx: EmulatorContext, faults: FaultRegistry): void {
  app.get('/oauth2/v1/idp', async (request, reply) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const tx = requireIdpStep(ctx, request);
    const relay = request.headers['x-relay-state'];
    const relayUrl = requirePortalUrl(
      ctx.config,
      typeof relay === 'string' ? relay : undefined,
      'X-Relay-State',
    );
    const saml = samlRequest(tx.flowStateId, tenantUrl(ctx.config), relayUrl.href, ctx.state.nowIso());
    const variant = faults.take('oauth2/v1/idp', 'GET', 'html')?.htmlVariant;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(autoPostForm(`${ctx.config.publicUrl}${IDP_SSO_PATH}`, saml, relayUrl.href, variant));
  });
}

/**
 * The emulator's identity provider: a page with 'Continue' (for discovery, a user name first),
 * then the hand-back to the portal's /idpComplete.
 */
export function registerIdpPages(app: FastifyInstance, ctx: EmulatorContext): void {
  const findTx = (requestId: string) => {
    const tx = [...ctx.state.transactions.values()].find((t) => t.flowStateId === requestId);
    return tx && tx.expiresAt > ctx.state.clock.now() && (tx.userName || awaitingDiscovery(tx))
      ? tx
      : undefined;
  };
  const discoveryPage = (
    tx: Transaction,
    requestId: string,
    relayState: string,
    tried?: { error: string; typed: string | undefined },
  ) => {
    const provider = tx.idpDiscovery ? providerOfFactor(ctx, tx.idpDiscovery) : undefined;
    const accounts = provider ? federatedUsers(ctx, provider).map((user) => user.userName) : [];
    return idpPage({ requestId, relayState, provider, accounts, error: tried?.error, typed: tried?.typed });
  };
  const sendPage = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .send(body);

  app.post(IDP_SSO_PATH, async (request, reply) => {
    const form = parseInput(SsoFormSchema, request.body);
    const requestId = requestIdFrom(form.SAMLRequest);
    const tx = requestId ? findTx(requestId) : undefined;
    if (!requestId || !tx) throw errors.invalidFlowState();
    requirePortalUrl(ctx.config, form.RelayState, 'RelayState');
    return sendPage(
      reply,
      tx.userName
        ? idpPage({ requestId, relayState: form.RelayState, userName: tx.userName })
        : discoveryPage(tx, requestId, form.RelayState),
    );
  });

  app.post(IDP_CONTINUE_PATH, async (request, reply) => {
    const form = parseInput(ContinueFormSchema, request.body);
    const tx = findTx(form.requestId);
    if (!tx) throw errors.invalidFlowState();
    const target = requirePortalUrl(ctx.config, form.RelayState, 'RelayState');
    if (!tx.userName) {
      // Discovery: the provider vouches only for its own accounts.
      const provider = tx.idpDiscovery ? providerOfFactor(ctx, tx.idpDiscovery) : undefined;
      const wanted = form.userName?.toLowerCase();
      const user =
        provider && wanted ? federatedUsers(ctx, provider).find((u) => u.userName === wanted) : undefined;
      if (!user) {
        const error = wanted
          ? 'No account with that user name at this identity provider.'
          : 'Enter your user name.';
        const tried = { error, typed: form.userName };
        return sendPage(reply, discoveryPage(tx, form.requestId, form.RelayState, tried), 400);
      }
      tx.userName = user.userName;
    }
    tx.idpUserName = tx.userName;
    target.searchParams.set('isIDP', 'true');
    target.searchParams.set('x-flow-state', tx.flowState);
    return reply.redirect(target.href, 303);
  });
}
