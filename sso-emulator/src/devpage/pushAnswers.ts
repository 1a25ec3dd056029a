import type { EmulatorState } from '../state/emulatorState.js';
import { errors, ApiError } from '../http/apiError.js';
import { pushStatus } from '../state/pushes.js';

/**
 * Approve or reject a pending push (sign-in or registration), as the user's phone would. A push
 * with number matching (issue 27) is approved only with its number: a wrong number rejects it, as
 * the authenticator app does; no number at all is a request to correct (the push stays pending).
 */
export function answerPush(
  state: EmulatorState,
  id: string,
  answer: 'AUTHENTICATED' | 'REJECTED',
  number?: string,
): 'AUTHENTICATED' | 'REJECTED' {
  const push = state.pushes.get(id);
  if (!push) throw errors.notFound();
  if (pushStatus(push, state.clock.now()) !== 'PENDING') {
    throw new ApiError(409, '0000409', 'Push is no longer pending');
  }
  if (answer === 'AUTHENTICATED' && push.number !== undefined) {
    if (number === undefined || number.trim() === '') {
      throw errors.badRequest('This push needs the number shown at sign-in: give it to approve');
    }
    push.answer = number.trim() === push.number ? 'AUTHENTICATED' : 'REJECTED';
    return push.answer;
  }
  push.answer = answer;
  return answer;
}

/** The pushes for the developer page and API; a push's number is never shown (the page shows it). */
export function pushView(state: EmulatorState) {
  const now = state.clock.now();
  return [...state.pushes.values()].map((p) => ({
    id: p.id,
    kind: p.kind,
    userName: p.userName,
    credId: p.credId,
    credValue: p.credValue,
    status: pushStatus(p, now),
    createdAt: new Date(p.createdAt).toISOString(),
    expiresAt: new Date(p.expiresAt).toISOString(),
    numberMatching: p.number !== undefined,
    ...(p.context ? { context: p.context } : {}),
  }));
}
