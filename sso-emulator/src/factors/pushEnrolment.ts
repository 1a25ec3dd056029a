import type { FastifyRequest } from 'fastify';
import { stayReply } from '../auth/authReply.js';
import type { EmulatorContext } from '../context.js';
import { ApiError, errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { pendingCredential } from '../state/credentials.js';
import { newPush } from '../state/pushes.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { addEnrolledCredential, requireEnrolmentStep } from './enrolment.js';
import { credentialSummary } from './otpCodes.js';
import { VipEnrolBodySchema } from './schemas.js';

/** A vendor credential ID: four letters and eight digits, as the vendor app shows it (VSMT12345678). */
export const VIP_CREDENTIAL_ID = /^[A-Z]{4}\d{8}$/;

export const invalidVipCredentialId = () =>
  errors.badRequest(
    'Invalid request field vipCredentialID: must be 4 letters and 8 digits, e.g. VSMT12345678',
  );

/**
 * VIPCredentialRegistrar during sign-in (X-Flow-State, client token): the vendor app's credential
 * ID becomes a pending totp_push credential of this transaction, and the vendor sends the app a
 * registration push. The reply is PUSH_REGISTRATION_STATUS; PushStatus then reports the answer,
 * and an approval activates the credential and moves the sign-in on.
 */
export async function enrolPushCredential(ctx: EmulatorContext, request: FastifyRequest) {
  await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
  const body = parseInput(VipEnrolBodySchema, request.body);
  const { tx, user } = requireEnrolmentStep(ctx, request, 'totp_push');
  if (!VIP_CREDENTIAL_ID.test(body.vipCredentialID)) throw invalidVipCredentialId();
  const taken = [...ctx.state.users.values()].some((u) =>
    u.credentials.some(
      (c) => c.credType === 'totp_push' && c.credId === body.vipCredentialID && c.status === 'ACTIVE',
    ),
  );
  if (taken) throw new ApiError(400, '0000400', 'Credential already registered');
  const credential = pendingCredential('totp_push', body.credValue, true, ctx.state.nowIso());
  credential.credId = body.vipCredentialID;
  addEnrolledCredential(user, tx, credential);
  const push = newPush(
    'registration',
    {
      transactionId: tx.flowStateId,
      userName: user.userName,
      credId: credential.credId,
      credValue: credential.credValue,
    },
    ctx.state.clock.now(),
    ctx.config.pushTimeoutMs,
  );
  ctx.state.pushes.set(push.id, push);
  return stayReply(tx, user, 'PUSH_REGISTRATION_STATUS', {
    credentials: [credentialSummary(credential)],
    data: { message: `Registration push sent to ${credential.credValue}` },
  });
}
