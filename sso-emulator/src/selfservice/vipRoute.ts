import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { VipRegisterBodySchema } from '../factors/schemas.js';
import { activate, pendingCredential } from '../state/credentials.js';
import { requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';

/** VIPCredentialRegistrar: registers a vendor push-and-OTP credential (totp_push) for the signed-in user. */
export function registerVipRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/VIPCredentialRegistrar', async (request) => {
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const body = parseInput(VipRegisterBodySchema, request.body);
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.invalidAccessToken();
    if (!/^[A-Z]{4}\d{8}$/.test(body.vipCredentialID)) {
      throw errors.badRequest(
        'Invalid request field vipCredentialID: must be 4 letters and 8 digits, e.g. VSMT12345678',
      );
    }
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
