import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { RP_CALLBACK_PATH } from '../auth/authCompleteRoute.js';
import { startTransaction } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { escapeHtml, PAGE_CSP, page } from '../http/html.js';
import { parseInput } from '../http/parseBody.js';
import { requirePortalUrl } from '../idp/relayState.js';

const StartQuerySchema = v.object({ portal: v.string() });
const CallbackQuerySchema = v.object({ code: v.pipe(v.string(), v.minLength(1)) });

/** A development relying party that starts the oauth2 flow and shows who signed in at its end. */
export function registerRelyingParty(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/_emulator/rp/start', async (request, reply) => {
    const { portal } = parseInput(StartQuerySchema, request.query);
    const origin = requirePortalUrl(ctx.config, portal, 'portal').origin;
    const tx = startTransaction(ctx, true);
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
