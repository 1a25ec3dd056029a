import { FIELD_FOCUS_DELAY_MS } from '@portal/shared/constants';
import { type RefObject, useEffect } from 'react';

/** Focuses the element FIELD_FOCUS_DELAY_MS after the screen (or `key`) shows. */
export function useFocusFirst(ref: RefObject<HTMLElement | null>, key: unknown = null): void {
  useEffect(() => {
    const timer = setTimeout(() => ref.current?.focus(), FIELD_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ref, key]);
}
