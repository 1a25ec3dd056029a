import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { errors } from '../http/apiError.js';
import type { Credential, User } from '../state/model.js';
import type { TokenClaims } from '../tokens/tokenService.js';
import type { StepUpBinding } from './stepUpGrants.js';

/** The request header that carries a step-up grant on DELETE MeCreds (our design, not the spec's). */
export const STEP_UP_HEADER = 'x-step-up-grant';

/** What MeCreds advertises when the SSO offers step-up: the factor it asks for. */
export const STEP_UP_OFFER = { factor: 'password' } as const;

export function stepUpOn(ctx: EmulatorContext): boolean {
  return ctx.state.settings.stepUp === 'on';
}

/** A grant serves the user and the sign-in (token family; a token without one: itself) it was issued to. */
export function stepUpBinding(user: User, claims: TokenClaims): StepUpBinding {
  return { userName: user.userName, signIn: claims.fam ?? claims.jti };
}

/** Deleting it leaves the user without a credential of its type (and so, for the last one, without any). */
export function isLastOfKind(user: User, credential: Credential): boolean {
  if (credential.pending) return false;
  return !user.credentials.some(
    (other) => other !== credential && !other.pending && other.credType === credential.credType,
  );
}

/**
 * With step-up on, deleting the last credential of a type spends the request's grant on it;
 * 403 8800060 without a grant that allows it. Other deletes need none.
 */
export function requireStepUpFor(
  ctx: EmulatorContext,
  request: FastifyRequest,
  binding: StepUpBinding,
  user: User,
  credential: Credential,
): void {
  if (!stepUpOn(ctx) || !isLastOfKind(user, credential)) return;
  const header = request.headers[STEP_UP_HEADER];
  const grant = typeof header === 'string' ? header : '';
  if (!grant || !ctx.state.stepUpGrants.spend(grant, binding, credential.credId, ctx.state.clock.now())) {
    throw errors.stepUpRequired();
  }
}
