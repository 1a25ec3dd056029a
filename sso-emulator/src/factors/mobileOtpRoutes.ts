import type { FastifyInstance } from 'fastify';
import { advance } from '../auth/authReply.js';
import { flowStateHeader, requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { activate, pendingCredential } from '../state/credentials.js';
import type { Credential } from '../state/model.js';
import { FLOW_TOKEN_KINDS, requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';
import { credentialSummary } from './otpCodes.js';
import { MobileOtpRegisterBodySchema, MobileOtpVerifyBodySchema } from './schemas.js';
import { newTotpSecret, verifyTotp } from './totp.js';

/** MobileOTPRegistrar (returns sharedSecret, tenantName) and MobileOTPVerifier (sign-in or registration). */
export function registerMobileOtpRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/MobileOTPRegistrar', async (request) => {
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const body = parseInput(MobileOtpRegisterBodySchema, request.body);
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.userNotFound();
    const credential = pendingCredential('totp', body.credValue, false, ctx.state.nowIso());
    credential.totpSecret = newTotpSecret();
    user.credentials.push(credential);
    return {
      credId: credential.credId,
      credType: credential.credType,
      credValue: credential.credValue,
      sharedSecret: credential.totpSecret,
      tenantName: ctx.config.tenant,
    };
  });

  app.post('/factor/v1/MobileOTPVerifier', async (request) => {
    const body = parseInput(MobileOtpVerifyBodySchema, request.body);
    if (flowStateHeader(request)) {
      await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
      const { tx, user } = requireFactorStep(ctx, request, ['MOBILEOTP']);
      const credential = ctx.state.findCredential(user, body.credId);
      if (credential?.credType !== 'totp' || credential.status !== 'ACTIVE' || credential.pending) {
        throw errors.credentialNotFound();
      }
      checkCode(ctx, credential, body.otp);
      return advance(ctx, tx, user);
    }
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const user = ctx.state.findUser(claims.sub);
    const credential = user ? ctx.state.findCredential(user, body.credId) : undefined;
    if (credential?.credType !== 'totp') throw errors.credentialNotFound();
    checkCode(ctx, credential, body.otp);
    activate(credential, ctx.state.nowIso());
    return { ...credentialSummary(credential), data: { status: 'SUCCESS' } };
  });
}

function checkCode(ctx: EmulatorContext, credential: Credential, otp: string): void {
  if (!credential.totpSecret) throw errors.credentialNotFound();
  const step = verifyTotp(credential.totpSecret, otp, ctx.state.clock.now(), credential.lastTotpStep);
  if (step === null) throw errors.invalidOtp();
  credential.lastTotpStep = step;
}
