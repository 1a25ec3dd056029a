import type { FastifyInstance } from 'fastify';
import { flowStateHeader } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { enrolPushCredential, invalidVipCredentialId, VIP_CREDENTIAL_ID } from '../factors/pushEnrolment.js';
import { VipRegisterBodySchema } from '../factors/schemas.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { activate, pendingCredential } from '../state/credentials.js';
import { requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';

/**
 * VIPCredentialRegistrar: registers a vendor push-and-OTP credential (totp_push) for the
 * signed-in user; with X-Flow-State it is the enrolment during sign-in (factors/pushEnrolment).
 */
export function registerVipRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/VIPCredentialRegistrar', async (request) => {
    if (flowStateHeader(request)) return enrolPushCredential(ctx, request);
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const body = parseInput(VipRegisterBodySchema, request.body);
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.invalidAccessToken();
    if (!VIP_CREDENTIAL_ID.test(body.vipCredentialID)) throw invalidVipCredentialId();
    if (user.credentials.some((c) => c.credType === 'totp_push' && c.credId === body.vipCredentialID)) {
      throw errors.badRequest('Credential already registered');
    }
    const credential = pendingCredential('totp_push', body.credValue, false, ctx.state.nowIso());
    credential.credId = body.vipCredentialID;
    activate(credential, ctx.state.nowIso());
    user.credentials.push(credential);
    return {
      credId: credential.credId,
      credType: credential.credType,
      credValue: credential.credValue,
      data: { status: 'SUCCESS' },
    };
  });
}
