import { FIELD_FOCUS_DELAY_MS } from '@portal/shared/constants';
import { type RefObject, useEffect } from 'react';

/** Focuses an element FIELD_FOCUS_DELAY_MS after it appears (spec section 9, field focus delay). */
export function useFocusFirst(ref: RefObject<{ focus(): void } | null>, when = true): void {
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => ref.current?.focus(), FIELD_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ref, when]);
}
