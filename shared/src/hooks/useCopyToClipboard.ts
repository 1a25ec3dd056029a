import { useCallback, useEffect, useRef, useState } from 'react';
import { COPY_REENABLE_MS } from '../constants';

/**
 * Copies text and keeps the copy button disabled for COPY_REENABLE_MS afterwards, so repeated
 * clicks do not pile up copies and the user sees that something happened.
 */
export function useCopyToClipboard() {
  const [coolingDown, setCoolingDown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string): Promise<boolean> => {
    setCoolingDown(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCoolingDown(false), COPY_REENABLE_MS);
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // No clipboard permission: the text stays on screen to copy by hand.
      return false;
    }
  }, []);

  return { copy, coolingDown };
}
