import { type RefObject, useEffect } from 'react';
import { FIELD_FOCUS_DELAY_MS } from '../constants';

/** Whether the user is already typing in a field (the delayed focus must not pull them out). */
function userIsInAField(target: unknown): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === target) return false;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLElement && active.isContentEditable)
  );
}

/**
 * Focuses a screen's first control FIELD_FOCUS_DELAY_MS after it shows (spec section 9), again
 * whenever `key` changes (a form's next step), and never while the user is already typing
 * elsewhere.
 */
export function useFocusFirst(
  ref: RefObject<{ focus(): void } | null>,
  when = true,
  key: unknown = null,
): void {
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => {
      if (!userIsInAField(ref.current)) ref.current?.focus();
    }, FIELD_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ref, when, key]);
}
