import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { advance, stayReply } from '../auth/authReply.js';
import { requireFactorStep, requireTransaction } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import { parseInput } from '../http/parseBody.js';
import { FLOW_TOKEN_KINDS, requireBearer } from '../tokens/bearer.js';
import { verifyAssertion } from './assertion.js';
import { placeOptions } from './optionsPlacement.js';
import { userlessChallenge, userlessTransaction, verifyUserless } from './passkeyAutofill.js';
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
    requireAllowedOrigin(ctx.config, body.documentDomain);
    const userless = userlessTransaction(ctx, request, body);
    if (userless) return userlessChallenge(ctx, userless);
    const { tx, user } = requireFactorStep(ctx, request, [body.fidoCredType]);
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
    const current = requireTransaction(ctx, request);
    if (current.fidoChallenge?.discoverable && !current.userName) return verifyUserless(ctx, current, body);
    const { tx, user } = requireFactorStep(ctx, request, FIDO_FACTORS);
    const pending = tx.fidoChallenge;
    if (!pending || pending.expiresAt <= ctx.state.clock.now()) {
      throw errors.fidoVerificationFailed('no challenge outstanding');
    }
    const credential = user.credentials.find((c) => c.credId === body.id && c.credType === pending.credType);
    if (!user.credentials.some((c) => c.credId === body.id)) throw errors.credentialUnknown();
    if (!credential?.webauthn || credential.status !== 'ACTIVE') throw errors.credentialNotFound();
    tx.fidoChallenge = undefined; // a challenge is answered once, right or wrong
    await verifyAssertion(
      ctx,
      body,
      pending.challenge,
      credential,
      userVerificationFor(pending.credType.toUpperCase() as FidoType) === 'required',
    );
    return advance(ctx, tx, user);
  });
}
