import type { FastifyInstance } from 'fastify';
import { flowStateHeader, requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { activate, pendingCredential } from '../state/credentials.js';
import type { Credential } from '../state/model.js';
import { FLOW_TOKEN_KINDS, requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';
import {
  addEnrolledCredential,
  advanceAfter,
  enrolledReply,
  isEnrolledBy,
  requireEnrolmentStep,
} from './enrolment.js';
import { credentialSummary } from './otpCodes.js';
import { MobileOtpRegisterBodySchema, MobileOtpVerifyBodySchema } from './schemas.js';
import { newTotpSecret, verifyTotp } from './totp.js';

/**
 * MobileOTPRegistrar (returns sharedSecret, tenantName; self-service with a user token, or
 * enrolment during sign-in with X-Flow-State) and MobileOTPVerifier (sign-in or registration).
 */
export function registerMobileOtpRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/MobileOTPRegistrar', async (request) => {
    if (flowStateHeader(request)) {
      await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
      const body = parseInput(MobileOtpRegisterBodySchema, request.body);
      const { tx, user } = requireEnrolmentStep(ctx, request, 'totp');
      const credential = pendingCredential('totp', body.credValue, true, ctx.state.nowIso());
      credential.totpSecret = newTotpSecret();
      addEnrolledCredential(user, tx, credential);
      return enrolledReply(tx, user, credential, {
        sharedSecret: credential.totpSecret,
        tenantName: ctx.config.tenant,
      });
    }
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
      // An active authenticator, or the one this transaction is enrolling.
      const usable = credential?.status === 'ACTIVE' ? !credential.pending : isEnrolledBy(credential, tx);
      if (credential?.credType !== 'totp' || !usable) throw errors.credentialNotFound();
      checkCode(ctx, credential, body.otp);
      return advanceAfter(ctx, tx, user, credential);
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
