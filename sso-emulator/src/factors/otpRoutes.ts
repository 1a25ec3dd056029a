import type { FastifyInstance } from 'fastify';
import { stayReply } from '../auth/authReply.js';
import { flowStateHeader, requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { activate, pendingCredential } from '../state/credentials.js';
import { FLOW_TOKEN_KINDS, requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';
import {
  addEnrolledCredential,
  advanceAfter,
  enrolledReply,
  isEnrolledBy,
  requireEnrolmentStep,
} from './enrolment.js';
import { codesEqual, credentialSummary, deliverCode } from './otpCodes.js';
import {
  OtpEnrolBodySchema,
  OtpGenerateBodySchema,
  OtpRegisterBodySchema,
  OtpVerifyBodySchema,
} from './schemas.js';

const OTP_FACTORS = ['OTP', 'SMSOTP', 'EMAILOTP', 'IVROTP'];
const FACTOR_FOR_TYPE = { sms: 'SMSOTP', email: 'EMAILOTP', ivr: 'IVROTP' } as const;

/**
 * OTPGenerator, OTPVerifier (sign-in with X-Flow-State, or registration with a user token),
 * OTPRegistrar (self-service with a user token, or enrolment during sign-in with X-Flow-State).
 */
export function registerOtpRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/OTPGenerator', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(OtpGenerateBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, OTP_FACTORS);
    const factorBase = tx.factor?.split('/')[0];
    const credential = ctx.state.findCredential(user, body.credId);
    // An active credential, or the one this transaction is enrolling.
    const usable = credential?.status === 'ACTIVE' ? !credential.pending : isEnrolledBy(credential, tx);
    if (
      !credential ||
      !usable ||
      credential.credType !== body.credType ||
      (factorBase !== 'OTP' && factorBase !== FACTOR_FOR_TYPE[body.credType])
    ) {
      throw errors.credentialNotFound();
    }
    const code = deliverCode(ctx, user, credential);
    tx.otp = {
      credId: credential.credId,
      credType: credential.credType,
      code,
      expiresAt: ctx.state.clock.now() + ctx.config.otpTtlMs,
    };
    return stayReply(tx, user, `${body.credType.toUpperCase()}_OTP_AUTH`, {
      credentials: [credentialSummary(credential)],
      data: { message: `Code sent to ${credential.credValue}` },
    });
  });

  app.post('/factor/v1/OTPVerifier', async (request) => {
    const body = parseInput(OtpVerifyBodySchema, request.body);
    if (flowStateHeader(request)) {
      await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
      const { tx, user } = requireFactorStep(ctx, request, OTP_FACTORS);
      const pending = tx.otp;
      if (!pending || pending.credId !== body.credId || pending.expiresAt <= ctx.state.clock.now()) {
        throw errors.invalidOtp();
      }
      if (!codesEqual(pending.code, body.otp)) throw errors.invalidOtp();
      tx.otp = undefined;
      return advanceAfter(ctx, tx, user, ctx.state.findCredential(user, body.credId));
    }
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const user = ctx.state.findUser(claims.sub);
    const credential = user ? ctx.state.findCredential(user, body.credId) : undefined;
    const sent = ctx.state.registrationCodes.get(body.credId);
    if (!credential || !sent) throw errors.credentialNotFound();
    if (sent.expiresAt <= ctx.state.clock.now() || !codesEqual(sent.code, body.otp))
      throw errors.invalidOtp();
    ctx.state.registrationCodes.delete(body.credId);
    activate(credential, ctx.state.nowIso());
    return { ...credentialSummary(credential), data: { status: 'SUCCESS' } };
  });

  app.post('/factor/v1/OTPRegistrar', async (request) => {
    if (flowStateHeader(request)) {
      // Enrolment during sign-in: a pending credential bound to the transaction; the code is
      // sent by the OTPGenerator call that follows, as for any sign-in code.
      await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
      const body = parseInput(OtpEnrolBodySchema, request.body);
      const { tx, user } = requireEnrolmentStep(ctx, request, body.credType);
      const credential = pendingCredential(body.credType, body.credValue, true, ctx.state.nowIso());
      addEnrolledCredential(user, tx, credential);
      tx.otp = undefined;
      return enrolledReply(tx, user, credential);
    }
    const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
    const body = parseInput(OtpRegisterBodySchema, request.body);
    const user = ctx.state.findUser(claims.sub);
    if (!user) throw errors.userNotFound();
    const credential = pendingCredential(
      body.credType,
      body.credValue,
      body.default ?? false,
      ctx.state.nowIso(),
    );
    user.credentials.push(credential);
    const code = deliverCode(ctx, user, credential);
    ctx.state.registrationCodes.set(credential.credId, {
      code,
      expiresAt: ctx.state.clock.now() + ctx.config.otpTtlMs,
    });
    return { credId: credential.credId, credType: credential.credType, credValue: credential.credValue };
  });
}
