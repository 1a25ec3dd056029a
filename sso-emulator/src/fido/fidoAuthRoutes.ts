import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { advance, stayReply } from '../auth/authReply.js';
import { requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { placeOptions } from './optionsPlacement.js';
import {
  credTypeOf,
  FIDO_CEREMONY_TIMEOUT_MS,
  requireAllowedOrigin,
  userVerificationFor,
} from './relyingParty.js';
import { AuthChallengeBodySchema, AuthVerifyBodySchema, type FidoType } from './schemas.js';

const FIDO_FACTORS = ['FIDO', 'SECURITYKEY', 'PASSKEY'];

/** FIDOAuthChallengeGenerator / FIDOAuthChallengeVerifier: WebAuthn authentication inside a sign-in transaction. */
export function registerFidoAuthRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post('/factor/v1/FIDOAuthChallengeGenerator', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(AuthChallengeBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, [body.fidoCredType]);
    requireAllowedOrigin(ctx.config, body.documentDomain);
    const credType = credTypeOf(body.fidoCredType);
    const registered = user.credentials.filter(
      (c) => c.credType === credType && c.status === 'ACTIVE' && c.webauthn !== undefined,
    );
    if (registered.length === 0) throw errors.credentialNotFound();
    const options = await generateAuthenticationOptions({
      rpID: ctx.config.rpId,
      timeout: FIDO_CEREMONY_TIMEOUT_MS,
      userVerification: userVerificationFor(body.fidoCredType),
      allowCredentials: registered.map((c) => ({
        id: c.credId,
        ...(c.webauthn?.transports ? { transports: c.webauthn.transports } : {}),
      })),
    });
    tx.fidoChallenge = {
      challenge: options.challenge,
      credType,
      expiresAt: ctx.state.clock.now() + FIDO_CEREMONY_TIMEOUT_MS,
    };
    return stayReply(
      tx,
      user,
      `${body.fidoCredType}_AUTH_VERIFY_CHALLENGE`,
      placeOptions(ctx.state.fidoOptionPlacement, options),
    );
  });

  app.post('/factor/v1/FIDOAuthChallengeVerifier', async (request) => {
    await requireBearer(request, ctx.tokens, FLOW_TOKEN_KINDS);
    const body = parseInput(AuthVerifyBodySchema, request.body);
    const { tx, user } = requireFactorStep(ctx, request, FIDO_FACTORS);
    const pending = tx.fidoChallenge;
    if (!pending || pending.expiresAt <= ctx.state.clock.now()) {
      throw errors.fidoVerificationFailed('no challenge outstanding');
    }
    const credential = user.credentials.find((c) => c.credId === body.id && c.credType === pending.credType);
    if (!credential?.webauthn || credential.status !== 'ACTIVE') throw errors.credentialNotFound();
    tx.fidoChallenge = undefined; // a challenge is answered once, right or wrong
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      result = await verifyAuthenticationResponse({
        response: {
          id: body.id,
          rawId: body.rawId,
          type: body.type,
          response: body.response,
          clientExtensionResults: {},
          ...(body.authenticatorAttachment ? { authenticatorAttachment: body.authenticatorAttachment } : {}),
        },
        expectedChallenge: pending.challenge,
        expectedOrigin: ctx.config.portalOrigins,
        expectedRPID: ctx.config.rpId,
        credential: {
          id: credential.credId,
          publicKey: Buffer.from(credential.webauthn.publicKey, 'base64url'),
          counter: credential.webauthn.counter,
        },
        requireUserVerification:
          userVerificationFor(pending.credType.toUpperCase() as FidoType) === 'required',
      });
    } catch (error) {
      throw errors.fidoVerificationFailed((error as Error).message);
    }
    if (!result.verified) throw errors.fidoVerificationFailed('signature not verified');
    credential.webauthn.counter = result.authenticationInfo.newCounter;
    credential.modifiedDatetime = ctx.state.nowIso();
    return advance(ctx, tx, user);
  });
}
