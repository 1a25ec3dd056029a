import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { tenantUrl } from '../context.js';
import type { FaultRegistry } from '../faults/faults.js';
import { errors } from '../http/apiError.js';
import { escapeHtml, PAGE_CSP, page } from '../http/html.js';
import { parseInput } from '../http/parseBody.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { requirePortalUrl } from './relayState.js';
import { autoPostForm, requestIdFrom, samlRequest } from './samlForm.js';

export const IDP_SSO_PATH = '/_emulator/idp/sso';
const IDP_CONTINUE_PATH = '/_emulator/idp/continue';

const SsoFormSchema = v.object({ SAMLRequest: v.pipe(v.string(), v.minLength(1)), RelayState: v.string() });
const ContinueFormSchema = v.object({ requestId: v.pipe(v.string(), v.uuid()), RelayState: v.string() });

/** GET {tenant}/oauth2/v1/idp: the SAML auto-post form towards the emulator's IdP page. */
export function registerIdpCall(app: FastifyInstance, ctx: EmulatorContext, faults: FaultRegistry): void {
  app.get('/oauth2/v1/idp', async (request, reply) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const { tx } = requireFactorStep(ctx, request, ['IDP']);
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

/** The emulator's identity provider: a page with 'Continue', then the hand-back to the portal's /idpComplete. */
export function registerIdpPages(app: FastifyInstance, ctx: EmulatorContext): void {
  const findTx = (requestId: string) =>
    [...ctx.state.transactions.values()].find((t) => t.flowStateId === requestId);

  app.post(IDP_SSO_PATH, async (request, reply) => {
    const form = parseInput(SsoFormSchema, request.body);
    const requestId = requestIdFrom(form.SAMLRequest);
    const tx = requestId ? findTx(requestId) : undefined;
    if (!requestId || !tx?.userName || tx.expiresAt <= ctx.state.clock.now()) throw errors.invalidFlowState();
    requirePortalUrl(ctx.config, form.RelayState, 'RelayState');
    const body = page(
      'Example Identity Provider',
      `<h1>Example Identity Provider</h1>
<p>Signing in <strong>${escapeHtml(tx.userName)}</strong> for ${escapeHtml(new URL(form.RelayState).origin)}.</p>
<form method="POST" action="${IDP_CONTINUE_PATH}">
<input type="hidden" name="requestId" value="${escapeHtml(requestId)}">
<input type="hidden" name="RelayState" value="${escapeHtml(form.RelayState)}">
<button type="submit">Continue</button>
</form>`,
    );
    return reply.type('text/html; charset=utf-8').header('content-security-policy', PAGE_CSP).send(body);
  });

  app.post(IDP_CONTINUE_PATH, async (request, reply) => {
    const form = parseInput(ContinueFormSchema, request.body);
    const tx = findTx(form.requestId);
    if (!tx?.userName || tx.expiresAt <= ctx.state.clock.now()) throw errors.invalidFlowState();
    const target = requirePortalUrl(ctx.config, form.RelayState, 'RelayState');
    tx.idpUserName = tx.userName;
    target.searchParams.set('isIDP', 'true');
    target.searchParams.set('x-flow-state', tx.flowState);
    return reply.redirect(target.href, 303);
  });
}
