import { useCallback, useEffect, useRef, useState } from 'react';
import { COPY_REENABLE_MS } from '../constants';

/** 'copied' for COPY_REENABLE_MS after a copy; 'failed' when the browser refused the last one. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text with the asynchronous Clipboard API (the help page's troubleshoot box and the login
 * assistance dialog). From the click until COPY_REENABLE_MS after a copy (spec section 9) the hook
 * is cooling down and ignores further copies, so repeated clicks do not pile up and the user sees
 * that something happened. A refused copy (no permission, insecure page, no Clipboard API) ends
 * the cooldown at once: the text stays on screen to copy by hand, or to try again.
 */
export function useCopyToClipboard() {
  const [state, setState] = useState<CopyState>('idle');
  const [coolingDown, setCoolingDown] = useState(false);
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setCoolingDown(true);
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      busy.current = false;
      setCoolingDown(false);
      setState('failed');
      return false;
    }
    setState('copied');
    timer.current = setTimeout(() => {
      busy.current = false;
      setCoolingDown(false);
      setState('idle');
    }, COPY_REENABLE_MS);
    return true;
  }, []);

  return { state, coolingDown, copy };
}
