import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { RP_CALLBACK_PATH } from '../auth/authCompleteRoute.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { escapeHtml, PAGE_CSP, page } from '../http/html.js';
import { parseInput } from '../http/parseBody.js';
import { identityProviders } from '../idp/providers.js';
import { requirePortalUrl } from '../idp/relayState.js';
import { startOauth2Transaction } from '../sso/oauth2Start.js';
import { SSO_COOKIE_NAME } from '../sso/ssoCookie.js';

const RP_START_PATH = '/_emulator/rp/start';

const StartQuerySchema = v.object({
  portal: v.string(),
  login_hint: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(256))),
  idp: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a provider id'))),
});
const CallbackQuerySchema = v.object({ code: v.pipe(v.string(), v.minLength(1)) });

/** A development relying party that starts the oauth2 flow and shows who signed in at its end. */
export function registerRelyingParty(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get(RP_START_PATH, async (request, reply) => {
    const query = parseInput(StartQuerySchema, request.query);
    const origin = requirePortalUrl(ctx.config, query.portal, 'portal').origin;
    const tx = startOauth2Transaction(ctx, request, { loginHint: query.login_hint, idp: query.idp });
    return reply.redirect(`${origin}/oauth2?x-flow-state=${encodeURIComponent(tx.flowState)}`, 302);
  });

  app.get(RP_CALLBACK_PATH, async (request, reply) => {
    const { code } = parseInput(CallbackQuerySchema, request.query);
    const session = ctx.state.rpSessions.get(code);
    if (!session) throw errors.notFound();
    ctx.state.rpSessions.delete(code);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_CSP)
      .send(
        page(
          'Relying party',
          `<h1>Relying party</h1><p>Signed in as <strong id="signed-in-user">${escapeHtml(session.userName)}</strong> (${escapeHtml(session.displayName)}).</p><p><a href="/_emulator/">Emulator developer page</a></p>`,
        ),
      );
  });
}

/** The developer page's oauth2 start links, per portal origin: plain, with a login_hint, per provider. */
export function rpStartLinks(ctx: EmulatorContext): string {
  const providers = [...identityProviders(ctx).values()];
  const link = (query: Record<string, string>, label: string) =>
    `<a href="${RP_START_PATH}?${escapeHtml(new URLSearchParams(query).toString())}">${escapeHtml(label)}</a>`;
  const items = ctx.config.portalOrigins.map((portal) => {
    const links = [
      link({ portal }, 'plain'),
      link({ portal, login_hint: 'pat.password' }, 'login_hint=pat.password'),
      ...providers.map((provider) => link({ portal, idp: provider.id }, `idp=${provider.id}`)),
    ];
    return `<li><code>${escapeHtml(portal)}</code>: ${links.join(' · ')}</li>`;
  });
  return `<ul>${items.join('')}</ul>
<p>A browser that completed an oauth2 sign-in has an SSO session (cookie <code>${SSO_COOKIE_NAME}</code>, 8 h): its next start returns to the relying party at once.</p>`;
}
