import type { FastifyRequest } from 'fastify';
import { advance, type AuthReply } from '../auth/authReply.js';
import { credentialTypesFor } from '../auth/factorActions.js';
import { requireFactorStep } from '../auth/flowState.js';
import type { EmulatorContext } from '../context.js';
import { ApiError } from '../http/apiError.js';
import { activate } from '../state/credentials.js';
import type { Credential, CredType, User } from '../state/model.js';
import type { Transaction } from '../state/transactions.js';

/**
 * Enrolment during sign-in (inline registration): a step whose factor the user has no active
 * credential for lets the transaction register one, with the client token and the flow state.
 * The new credential stays pending and bound to the transaction until its first code (or push
 * approval) proves it; then it becomes the user's active default and the transaction moves on.
 */

/** The factor codes (bases) under which a credential type may be enrolled. */
const ENROLLING_FACTORS: Record<CredType, readonly string[]> = {
  sms: ['SMSOTP', 'OTP'],
  email: ['EMAILOTP', 'OTP'],
  ivr: ['IVROTP', 'OTP'],
  totp: ['MOBILEOTP'],
  totp_push: ['PUSH'],
  fido: ['FIDO'],
  securitykey: ['SECURITYKEY'],
  passkey: ['PASSKEY'],
};

/**
 * Refused when the user already has an active credential for the step's factor: otherwise
 * anyone who knows the password could add their own phone and pass the second factor with it.
 */
export const enrolmentNotAllowed = () =>
  new ApiError(403, '8800031', 'Registration is not allowed at this step of the flow');

function hasActiveCredentialFor(user: User, factorBase: string): boolean {
  const types = credentialTypesFor(factorBase);
  return user.credentials.some((c) => c.status === 'ACTIVE' && !c.pending && types.includes(c.credType));
}

/** The transaction of X-Flow-State, at a step that enrols `credType` (400 8800030 / 403 8800031 otherwise). */
export function requireEnrolmentStep(
  ctx: EmulatorContext,
  request: FastifyRequest,
  credType: CredType,
): { tx: Transaction; user: User } {
  const { tx, user } = requireFactorStep(ctx, request, ENROLLING_FACTORS[credType]);
  const factorBase = tx.factor?.split('/')[0] ?? '';
  if (hasActiveCredentialFor(user, factorBase)) throw enrolmentNotAllowed();
  return { tx, user };
}

/**
 * Adds a credential registered by this transaction, replacing any it registered before (the user
 * corrected a phone number, or tries a push registration again) and any pending one with the same
 * id (a vendor credential ID left pending by an abandoned sign-in).
 */
export function addEnrolledCredential(user: User, tx: Transaction, credential: Credential): void {
  user.credentials = user.credentials.filter(
    (c) => !(c.pending && (c.enrolmentFlowId === tx.flowStateId || c.credId === credential.credId)),
  );
  credential.enrolmentFlowId = tx.flowStateId;
  user.credentials.push(credential);
}

/** Whether `credential` is the pending one this transaction enrolled. */
export function isEnrolledBy(credential: Credential | undefined, tx: Transaction): credential is Credential {
  return Boolean(credential?.pending && credential.enrolmentFlowId === tx.flowStateId);
}

/** The enrolled credential proved itself: it becomes active and the user's default of its type. */
export function completeEnrolment(ctx: EmulatorContext, user: User, credential: Credential): void {
  const now = ctx.state.nowIso();
  for (const other of user.credentials) {
    if (other !== credential && other.credType === credential.credType && other.default) {
      other.default = false;
      other.modifiedDatetime = now;
    }
  }
  activate(credential, now);
  credential.default = true;
  credential.enrolmentFlowId = undefined;
}

/** Completes the enrolment (if this step was one) and moves the transaction to its next step. */
export function advanceAfter(
  ctx: EmulatorContext,
  tx: Transaction,
  user: User,
  credential: Credential | undefined,
): Promise<AuthReply> {
  if (isEnrolledBy(credential, tx)) completeEnrolment(ctx, user, credential);
  return advance(ctx, tx, user);
}

/** A registrar's reply during sign-in: the registration result plus the transaction's flow state. */
export function enrolledReply(
  tx: Transaction,
  user: User,
  credential: Credential,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    credId: credential.credId,
    credType: credential.credType,
    credValue: credential.credValue,
    ...extra,
    flowState: tx.flowState,
    flowStateId: tx.flowStateId,
    userName: user.userName,
  };
}
