import { COPY_REENABLE_MS } from '@portal/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text with the asynchronous Clipboard API. After a copy the state is 'copied' for
 * COPY_REENABLE_MS (spec section 9), during which further copies are ignored; then 'idle' again.
 * 'failed' means the browser refused (no permission, insecure page, no Clipboard API).
 */
export function useCopyToClipboard(reenableAfterMs: number = COPY_REENABLE_MS) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = useRef(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      if (busy.current) return;
      busy.current = true;
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        busy.current = false;
        setState('failed');
        return;
      }
      setState('copied');
      timer.current = setTimeout(() => {
        busy.current = false;
        setState('idle');
      }, reenableAfterMs);
    },
    [reenableAfterMs],
  );

  return { state, copy };
}
