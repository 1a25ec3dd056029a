import type { AuthReply } from '@portal/shared/api/schemas';
import { atom } from 'jotai';

/**
 * The factor level at which the factor selection screen offered more than one factor. After a
 * factor is picked the server's reply names only that factor in currentFactors, so the choice
 * the user had is remembered here (memory only, for the current sign-in).
 */
export const selectionLevelAtom = atom<string | null>(null);

export function factorLevelOf(reply: AuthReply | null): string | null {
  const level = reply?.additional?.currentFactorLevel;
  return level === null || level === undefined ? null : String(level);
}

/**
 * 'More Options' is offered when factor selection is allowed: the reply that opened the screen
 * lists more than one current factor, or the selection screen offered a choice at this level.
 */
export function factorSelectionAllowed(reply: AuthReply | null, selectionLevel: string | null): boolean {
  if ((reply?.currentFactors?.length ?? 0) > 1) return true;
  const level = factorLevelOf(reply);
  return level !== null && level === selectionLevel;
}
