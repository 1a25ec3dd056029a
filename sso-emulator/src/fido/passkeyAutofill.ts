import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { InferOutput } from 'valibot';
import { allowedByPasskey, type AuthReply } from '../auth/authReply.js';
import { findTransaction, flowStateHeader, startTransaction } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import type { Transaction } from '../state/transactions.js';
import { verifyAssertion } from './assertion.js';
import { placeOptions } from './optionsPlacement.js';
import { FIDO_CEREMONY_TIMEOUT_MS } from './relyingParty.js';
import type { AuthChallengeBodySchema, AuthVerifyBodySchema } from './schemas.js';

const FIDO_FAMILY = new Set(['fido', 'securitykey', 'passkey']);

/**
 * The transaction of a user-less passkey challenge (spec section 7: FIDOAuthChallengeGenerator
 * sends userName only when known): a PASSKEY challenge with no userName, in the transaction the
 * X-Flow-State header names when it knows no user yet (an oauth2 arrival), or in a new one.
 * Undefined when the request is an ordinary challenge of a factor step.
 */
export function userlessTransaction(
  ctx: EmulatorContext,
  request: FastifyRequest,
  body: InferOutput<typeof AuthChallengeBodySchema>,
): Transaction | undefined {
  if (body.userName || body.fidoCredType !== 'PASSKEY') return undefined;
  const header = flowStateHeader(request);
  const tx = findTransaction(ctx, header);
  if (header && !tx) throw errors.invalidFlowState();
  if (tx?.userName) return undefined;
  return tx ?? startTransaction(ctx, false);
}

/** Options with no allowCredentials: the browser offers every discoverable credential of the RP. */
export async function userlessChallenge(ctx: EmulatorContext, tx: Transaction): Promise<AuthReply> {
  const options = await generateAuthenticationOptions({
    rpID: ctx.config.rpId,
    timeout: FIDO_CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
    allowCredentials: [],
  });
  tx.fidoChallenge = {
    challenge: options.challenge,
    credType: 'passkey',
    expiresAt: ctx.state.clock.now() + FIDO_CEREMONY_TIMEOUT_MS,
    discoverable: true,
  };
  return {
    nextaction: 'PASSKEY_AUTH_VERIFY_CHALLENGE',
    flowState: tx.flowState,
    flowStateId: tx.flowStateId,
    userName: '',
    ...placeOptions(ctx.state.fidoOptionPlacement, options),
  };
}

/** The user a discoverable credential was made for: its userHandle is the user name's bytes. */
function userNameOf(userHandle: string | undefined): string {
  if (!userHandle) throw errors.fidoVerificationFailed('no userHandle in a discoverable assertion');
  return Buffer.from(userHandle, 'base64url').toString('utf8');
}

/**
 * The answer to a user-less challenge: the userHandle names the user, who must hold the credential
 * (any of the FIDO family, registered and active; user verification required); then the sign-in
 * is complete.
 */
export async function verifyUserless(
  ctx: EmulatorContext,
  tx: Transaction,
  body: InferOutput<typeof AuthVerifyBodySchema>,
): Promise<AuthReply> {
  const pending = tx.fidoChallenge;
  if (!pending?.discoverable || pending.expiresAt <= ctx.state.clock.now()) {
    throw errors.fidoVerificationFailed('no challenge outstanding');
  }
  const user = ctx.state.findUser(userNameOf(body.response.userHandle));
  const credential = user?.credentials.find(
    (c) => c.credId === body.id && FIDO_FAMILY.has(c.credType) && c.status === 'ACTIVE' && c.webauthn,
  );
  const known = [...ctx.state.users.values()].some((u) => u.credentials.some((c) => c.credId === body.id));
  if (!known) throw errors.credentialUnknown();
  if (!user || !credential) throw errors.credentialNotFound();
  tx.fidoChallenge = undefined; // a challenge is answered once, right or wrong
  if (user.status === 'DISABLED') throw errors.userDisabled();
  await verifyAssertion(ctx, body, pending.challenge, credential, true);
  return allowedByPasskey(ctx, tx, user);
}
