import { api } from '../api/client';
import type { CallOptions } from '../api/request';
import type { ApiResult } from '../api/result';
import type { AuthReply } from '../api/schemas';
import { factorReplyAtom, selectionLevelAtom } from '../session/atoms';
import { useAtomValue } from 'jotai';

/**
 * The one 'More Options' rule (spec section 2: offered when factor selection is allowed), used by
 * the password page and every factor screen so they cannot disagree.
 */

/** The reply's factor level as a string (the server sends a number or a string), or null. */
export function factorLevelOf(reply: AuthReply | null): string | null {
  const level = reply?.additional?.currentFactorLevel;
  return level === null || level === undefined ? null : String(level);
}

/**
 * Factor selection is allowed when the reply that opened the screen lists more than one current
 * factor, or when the factor selection screen offered a choice at this factor level (after a
 * pick the server's reply names only the picked factor, so the choice is remembered).
 */
export function factorSelectionAllowed(reply: AuthReply | null, selectionLevel: string | null): boolean {
  if ((reply?.currentFactors?.length ?? 0) > 1) return true;
  const level = factorLevelOf(reply);
  return level !== null && level === selectionLevel;
}

/** Whether the current screen offers 'More Options', from the shared session state. */
export function useMoreOptionsAllowed(): boolean {
  const reply = useAtomValue(factorReplyAtom);
  const selectionLevel = useAtomValue(selectionLevelAtom);
  return factorSelectionAllowed(reply, selectionLevel);
}

/**
 * The 'choose another' call behind every 'More Options' button. The user asked to choose, so the
 * reply comes back marked skipFactorAutoRedirect: the factor selection screen then shows the list
 * instead of submitting a remembered factor again (which sent a user who had ticked 'Remember my
 * choice' straight back to the screen they were leaving, for ever).
 */
export async function chooseAnotherFactor(call?: CallOptions): Promise<ApiResult<AuthReply>> {
  const result = await api.chooseAnotherFactor(call);
  return result.ok ? { ...result, data: { ...result.data, skipFactorAutoRedirect: true } } : result;
}
