import type { PushGenerateReply, SignInContext } from '../api/schemas';

/**
 * What the push page shows beyond the spec's words (issue 27): the number to pick or type in the
 * app, and the sign-in's context, when the SSO's PushGenerator reply carries them. Null: the
 * spec's push page, unchanged.
 */
export interface PushChallenge {
  number: string | null;
  context: SignInContext | null;
}

export function pushChallengeOf(reply: PushGenerateReply): PushChallenge | null {
  const number = reply.data?.numberChallenge ?? null;
  const given = reply.data?.signInContext;
  const context = given && (given.location || given.application) ? given : null;
  return number || context ? { number, context } : null;
}
