import type { EmulatorState } from '../state/emulatorState.js';
import { errors, ApiError } from '../http/apiError.js';
import { pushStatus } from '../state/pushes.js';

/** Approve or reject a pending push (sign-in or registration), as the user's phone would. */
export function answerPush(state: EmulatorState, id: string, answer: 'AUTHENTICATED' | 'REJECTED'): void {
  const push = state.pushes.get(id);
  if (!push) throw errors.notFound();
  if (pushStatus(push, state.clock.now()) !== 'PENDING') {
    throw new ApiError(409, '0000409', 'Push is no longer pending');
  }
  push.answer = answer;
}

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
  }));
}
