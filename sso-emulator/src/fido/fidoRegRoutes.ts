import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { advance } from '../auth/authReply.js';
import { flowStateHeader, requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import type { Credential, User } from '../state/model.js';
import type { Transaction } from '../state/transactions.js';
import { FLOW_TOKEN_KINDS, requireBearer, USER_TOKEN_KINDS } from '../tokens/bearer.js';
import { placeOptions } from './optionsPlacement.js';
import { credTypeOf, FIDO_CEREMONY_TIMEOUT_MS, requireAllowedOrigin, selectionFor } from './relyingParty.js';
import { type FidoType, RegChallengeBodySchema, RegVerifyBodySchema } from './schemas.js';

interface Registrant {
  user: User;
  /** Set for inline registration inside a sign-in transaction (nextaction *_REGISTER_GENERATE_CHALLENGE). */
  tx?: Transaction;
}

/** Self-service with the user token (noFlowState), or inline within a transaction that asked for registration. */
async function resolveRegistrant(
  ctx: EmulatorContext,
  request: FastifyRequest,
  type: FidoType,
  noFlowState: boolean | undefined,
): Promise<Registrant> {
  if (!noFlowState && flowStateHeader(request)) {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    return requireFactorStep(ctx, request, [type]);
  }
  const claims = await requireBearer(request, ctx.tokens, USER_TOKEN_KINDS);
  const user = ctx.state.findUser(claims.sub);
  if (!user) throw errors.userNotFound();
  return { user };
}

const FIDO_FAMILY = new Set(['fido', 'securitykey', 'passkey']);

/** FIDORegChallengeGenerator / FIDORegChallengeVerifier: WebAuthn registration. */
export function registerFidoRegRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const pending = ctx.state.fidoRegistrations;

  app.post('/factor/v1/FIDORegChallengeGenerator', async (request) => {
    const body = parseInput(RegChallengeBodySchema, request.body);
    const { user, tx } = await resolveRegistrant(ctx, request, body.fidoCredType, body.noFlowState);
    requireAllowedOrigin(ctx.config, body.documentDomain);
    const options = await generateRegistrationOptions({
      rpName: `SSO emulator (${ctx.config.tenant})`,
      rpID: ctx.config.rpId,
      userName: user.userName,
      userDisplayName: user.displayName,
      userID: new TextEncoder().encode(user.userName),
      timeout: FIDO_CEREMONY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: user.credentials
        .filter((c) => FIDO_FAMILY.has(c.credType) && c.webauthn)
        .map((c) => ({
          id: c.credId,
          ...(c.webauthn?.transports ? { transports: c.webauthn.transports } : {}),
        })),
      authenticatorSelection: selectionFor(body.fidoCredType),
    });
    pending.set(user.userName, {
      challenge: options.challenge,
      credType: credTypeOf(body.fidoCredType),
      deviceName: body.deviceName ?? `${body.fidoCredType.toLowerCase()} credential`,
      expiresAt: ctx.state.clock.now() + FIDO_CEREMONY_TIMEOUT_MS,
      ...(body.mediation === 'conditional' ? { conditional: true } : {}),
    });
    return {
      nextaction: `${body.fidoCredType}_REGISTER_VERIFY_CHALLENGE`,
      ...(tx ? { flowState: tx.flowState, flowStateId: tx.flowStateId } : {}),
      userName: user.userName,
      ...placeOptions(ctx.state.fidoOptionPlacement, options),
    };
  });

  app.post('/factor/v1/FIDORegChallengeVerifier', async (request) => {
    const body = parseInput(RegVerifyBodySchema, request.body);
    const { user, tx } = await resolveRegistrant(ctx, request, body.fidoCredType, body.noFlowState);
    const challenge = pending.get(user.userName);
    const credType = credTypeOf(body.fidoCredType);
    if (!challenge || challenge.credType !== credType || challenge.expiresAt <= ctx.state.clock.now()) {
      throw errors.fidoVerificationFailed('no registration challenge outstanding');
    }
    pending.delete(user.userName);
    let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      result = await verifyRegistrationResponse({
        response: {
          id: body.id,
          rawId: body.rawId,
          type: body.type,
          response: body.response,
          clientExtensionResults: {},
          ...(body.authenticatorAttachment ? { authenticatorAttachment: body.authenticatorAttachment } : {}),
        },
        expectedChallenge: challenge.challenge,
        expectedOrigin: ctx.config.portalOrigins,
        expectedRPID: ctx.config.rpId,
        // A conditional create (automatic upgrade) happens without the user's gesture: the
        // password just proved the user, and the authenticator verifies no one.
        requireUserVerification: body.fidoCredType !== 'SECURITYKEY' && !challenge.conditional,
      });
    } catch (error) {
      throw errors.fidoVerificationFailed((error as Error).message);
    }
    if (!result.verified) throw errors.fidoVerificationFailed('attestation not verified');
    const { credential: key } = result.registrationInfo;
    if (user.credentials.some((c) => c.credId === key.id)) {
      throw errors.fidoVerificationFailed('credential already registered');
    }
    const now = ctx.state.nowIso();
    const credential: Credential = {
      credId: key.id,
      credType,
      credValue: body.deviceName ?? challenge.deviceName,
      status: 'ACTIVE',
      default: false,
      createdDatetime: now,
      modifiedDatetime: now,
      webauthn: {
        publicKey: Buffer.from(key.publicKey).toString('base64url'),
        counter: key.counter,
        ...(key.transports ? { transports: [...key.transports] } : {}),
      },
    };
    user.credentials.push(credential);
    const summary = { credId: credential.credId, credType, credValue: credential.credValue };
    if (tx) return { ...(await advance(ctx, tx, user)), ...summary };
    return { ...summary, data: { status: 'SUCCESS' } };
  });
}
