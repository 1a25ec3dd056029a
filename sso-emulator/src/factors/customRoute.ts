import type { FastifyInstance } from 'fastify';
import { advance, deniedReply, stayReply } from '../auth/authReply.js';
import { requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { codesEqual } from './otpCodes.js';
import { CustomAuthBodySchema } from './schemas.js';

/** CustomAuthenticator for the token-code factor (flow id securid): Accept, Reject or Terminate. */
export function registerCustomRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/CustomAuthenticator', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(CustomAuthBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, ['CUSTOM']);
    const flowId = tx.factor?.split('/')[1] ?? '';
    if (!body.operationalContext.some((entry) => entry.value === flowId)) {
      throw errors.badRequest(`Invalid request field operationalContext: must carry flow id ${flowId}`);
    }
    const code = body.credData.find((entry) => entry.key === 'code' || entry.key === 'passcode')?.value;
    if (code === undefined) throw errors.badRequest('Invalid request field credData: must carry a code');
    const securid = user.securid;
    if (securid && codesEqual(securid.passcode, code)) {
      const next = await advance(ctx, tx, user);
      return { ...next, data: { status: 'Accept' } };
    }
    if (securid && codesEqual(securid.terminatePasscode, code)) {
      return { ...deniedReply(tx, user), data: { status: 'Terminate', message: 'Transaction terminated' } };
    }
    return stayReply(tx, user, 'CUSTOM_AUTH', {
      data: { status: 'Reject', message: 'Invalid pin+code entered' },
    });
  });
}
