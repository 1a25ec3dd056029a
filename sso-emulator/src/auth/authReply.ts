import type { EmulatorContext } from '../context.js';
import { stepFactors } from './stepFactors.js';
import { authCompleteUrl } from './authCompleteUrl.js';
import { newCompletionSecret } from './completionSecret.js';
import type { User } from '../state/model.js';
import type { Transaction } from '../state/transactions.js';
import { factorStepReply } from './factorActions.js';
import { skipsRemainingSteps, trustedDeviceFields, trustOnCompletion } from './trustedDevice.js';

export type AuthReply = Record<string, unknown> & { nextaction: string; flowState: string };

const ID_TOKEN_TTL_SECONDS = 300;

/** The additional block of spec section 3, on every reply that moves the sign-in (factor steps and AUTH_ALLOWED). */
function additional(
  tx: Transaction,
  user: User | undefined,
  currentFactors: readonly string[],
  customFlowId: string,
) {
  return {
    currentFactorLevel: tx.stepIndex + 1,
    predicatesForCurrentFactors: currentFactors.map((factor) => ({
      factor,
      providerFlowId: factor.split('/')[1] ?? '',
      predicate: 'ANY',
    })),
    customFlowId,
    ...trustedDeviceFields(tx, user),
  };
}

function base(
  tx: Transaction,
  user: User | undefined,
): { flowState: string; flowStateId: string; userName: string } {
  return {
    flowState: tx.flowState,
    flowStateId: tx.flowStateId,
    userName: user?.userName ?? tx.userName ?? '',
  };
}

function remember(tx: Transaction, reply: AuthReply): AuthReply {
  tx.lastReply = reply;
  return reply;
}

/**
 * AUTH_ALLOWED: authCompleteUrl with a one-time completion secret in the oauth2 flow, an id_token in the direct flow; both with the
 * additional block, whose trusted-device fields tell the browser what to keep in its tdi- cookie.
 */
async function allowed(ctx: EmulatorContext, tx: Transaction, user: User): Promise<AuthReply> {
  tx.completed = true;
  tx.outcome = 'ALLOWED';
  // This reply is the flow state's last use in the direct flow; in the oauth2 flow authcomplete
  // takes it once (auth/flowState.ts).
  if (!tx.oauth2) ctx.state.transactions.delete(tx.flowState);
  trustOnCompletion(ctx, tx, user);
  const block = { additional: additional(tx, user, [], '') };
  if (tx.oauth2) {
    // The completion secret goes to whoever received this reply: the browser that completed the
    // authentication. Not remembered for restorelastaction (a completed flow state is refused
    // there anyway): it is sent once.
    const { secret, digest } = newCompletionSecret();
    tx.completionDigest = digest;
    return {
      nextaction: 'AUTH_ALLOWED',
      ...base(tx, user),
      authCompleteUrl: authCompleteUrl(ctx, secret),
      ...block,
    };
  }
  const { token: idToken } = await ctx.tokens.sign('id', user.userName, ID_TOKEN_TTL_SECONDS, {
    name: user.displayName,
    ...(user.email ? { email: user.email } : {}),
  });
  return remember(tx, { nextaction: 'AUTH_ALLOWED', ...base(tx, user), id_token: idToken, ...block });
}

export function deniedReply(tx: Transaction, user: User): AuthReply {
  tx.completed = true;
  tx.outcome = 'DENIED';
  return remember(tx, { nextaction: 'AUTH_DENIED', ...base(tx, user) });
}

/** FACTOR_SELECTION among the current step's factors. */
export function selectionReply(tx: Transaction, user: User): AuthReply {
  const step = stepFactors(user, tx.stepIndex);
  tx.factor = undefined;
  const customFactorOptions = Object.fromEntries(
    Object.entries(user.customFactorOptions ?? {}).filter(([code]) => step.includes(code)),
  );
  return remember(tx, {
    nextaction: 'FACTOR_SELECTION',
    ...base(tx, user),
    currentFactors: [...step],
    customFactorOptions,
    additional: additional(tx, user, step, ''),
  });
}

/** The reply for the transaction's current factor (already chosen or the step's only factor). */
export function factorReply(tx: Transaction, user: User, factor: string): AuthReply {
  tx.factor = factor;
  const step = factorStepReply(factor, user);
  return remember(tx, {
    nextaction: step.nextaction,
    ...base(tx, user),
    currentFactors: [factor],
    ...(step.credentials ? { credentials: step.credentials } : {}),
    ...(step.inlineRegistration ? { inline_registration: true } : {}),
    additional: additional(tx, user, [factor], step.customFlowId ?? ''),
  });
}

/**
 * Reply for where the transaction stands now: a selection, a factor, or AUTH_ALLOWED after the
 * last step (or after the first one on a trusted device).
 */
export async function currentStepReply(
  ctx: EmulatorContext,
  tx: Transaction,
  user: User,
): Promise<AuthReply> {
  const step =
    skipsRemainingSteps(tx) || !user.steps[tx.stepIndex] ? undefined : stepFactors(user, tx.stepIndex);
  if (!step) return allowed(ctx, tx, user);
  if (tx.factor && step.includes(tx.factor)) return factorReply(tx, user, tx.factor);
  if (step.length > 1) return selectionReply(tx, user);
  return factorReply(tx, user, step[0] ?? '');
}

/** The current factor succeeded: move to the next step. */
export async function advance(ctx: EmulatorContext, tx: Transaction, user: User): Promise<AuthReply> {
  tx.stepIndex += 1;
  tx.factor = undefined;
  tx.otp = undefined;
  tx.fidoChallenge = undefined;
  return currentStepReply(ctx, tx, user);
}

/**
 * A discoverable passkey used with no User ID (passkey autofill): the passkey, verified with user
 * verification, proves the user and a possession factor at once, so the sign-in is complete
 * (AUTH_ALLOWED, as after the last step; no trusted device is issued, Remember Me was not asked).
 */
export async function allowedByPasskey(
  ctx: EmulatorContext,
  tx: Transaction,
  user: User,
): Promise<AuthReply> {
  tx.userName = user.userName;
  tx.stepIndex = user.steps.length;
  tx.factor = undefined;
  tx.otp = undefined;
  tx.fidoChallenge = undefined;
  if (user.denied) return deniedReply(tx, user);
  return currentStepReply(ctx, tx, user);
}

/** A reply that keeps the transaction at its step, adding fields (e.g. OTP generate, push status). */
export function stayReply(
  tx: Transaction,
  user: User,
  nextaction: string,
  extra: Record<string, unknown> = {},
): AuthReply {
  return { nextaction, ...base(tx, user), ...extra };
}
