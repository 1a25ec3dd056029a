import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { sessionAfterSignIn } from '../sso/ssoSessions.js';
import { COMPLETION_SECRET_PARAM } from './completionSecret.js';
import { takeAllowedOauth2Transaction } from './flowState.js';

export const RP_CALLBACK_PATH = '/_emulator/rp/callback';

const QuerySchema = v.looseObject({
  'x-flow-state': v.optional(v.string()),
  [COMPLETION_SECRET_PARAM]: v.optional(v.string()),
});

/**
 * GET oauth2/v1/authcomplete?completion_secret=…&x-flow-state=…: ends a completed oauth2
 * transaction, opens (or keeps) the browser's SSO session, and goes back to the relying party.
 * Only once, and only with the flow's completion secret, which AUTH_ALLOWED handed the browser
 * that completed the authentication (auth/completionSecret.ts); anything else is 401 0000010 and
 * leaves the transaction to the holder of the secret.
 */
export function registerAuthComplete(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/oauth2/v1/authcomplete', async (request, reply) => {
    const query = parseInput(QuerySchema, request.query);
    const tx = takeAllowedOauth2Transaction(ctx, query['x-flow-state'], query[COMPLETION_SECRET_PARAM]);
    const user = tx?.userName ? ctx.state.findUser(tx.userName) : undefined;
    if (!tx || !user) throw errors.invalidFlowState();
    // This is a top-level navigation on the SSO's own origin: the place for the browser's SSO
    // session cookie, which the next relying-party start reads.
    const { setCookie } = sessionAfterSignIn(ctx, request, user.userName, tx.ssoSessionId);
    const code = randomBytes(16).toString('base64url');
    ctx.state.rpSessions.set(code, {
      userName: user.userName,
      displayName: user.displayName,
      at: ctx.state.clock.now(),
    });
    return reply.header('set-cookie', setCookie).redirect(`${RP_CALLBACK_PATH}?code=${code}`, 302);
  });
}
