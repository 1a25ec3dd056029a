import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { BUSY_INDICATOR_DELAY_MS } from '../constants';

/**
 * Whether a wait has gone on long enough to show (ui/BusyIndicator): false for the first
 * `delayMs` of `busy`, then true until `busy` ends, and false again at once when it does. A call
 * answered within the delay shows nothing at all.
 */
export function useBusyIndicator(busy: boolean, delayMs: number = BUSY_INDICATOR_DELAY_MS): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!busy) {
      setLate(false);
      return;
    }
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(timer);
  }, [busy, delayMs]);
  return busy && late;
}

/** Says that a call started inside a screen's frame; the function it returns says it ended. */
export type BusyReport = () => () => void;

/**
 * The screen frame a component is rendered in (a factor screen's layout, a sign-in page's): a
 * server call made by a part of the screen with its own call (useServerCall in a 'More Options'
 * button) is the screen's wait too, and the frame's busy indicator shows it.
 */
export const BusyFrameContext = createContext<BusyReport | null>(null);

export interface BusyFrame {
  /** Show the busy indicator: the screen's own wait, or a call made inside the frame, has lasted the delay. */
  shown: boolean;
  /** What the frame provides with BusyFrameContext, so calls made inside it count. */
  report: BusyReport;
}

/**
 * A screen frame's busy state: `busy` (the screen's own call or wait) or any call made inside the
 * frame, shown after BUSY_INDICATOR_DELAY_MS (useBusyIndicator). The frame sets `aria-busy` from
 * `shown`, renders <BusyIndicator shown={shown} />, and provides `report` with BusyFrameContext.
 */
export function useBusyFrame(busy: boolean, delayMs: number = BUSY_INDICATOR_DELAY_MS): BusyFrame {
  const [inside, setInside] = useState(0);
  const report = useCallback<BusyReport>(() => {
    setInside((count) => count + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      setInside((count) => count - 1);
    };
  }, []);
  return { shown: useBusyIndicator(busy || inside > 0, delayMs), report };
}

/** Counts `busy` as a wait of the screen frame this component is in (none: nothing to do). */
export function useReportBusy(busy: boolean): void {
  const report = useContext(BusyFrameContext);
  useEffect(() => (busy && report ? report() : undefined), [busy, report]);
}
