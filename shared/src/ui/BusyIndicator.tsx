import { busyWords } from '../messages/en_US';
import { LoadingBar } from './LoadingBar';
import './BusyIndicator.css';

export interface BusyIndicatorProps {
  /** Whether to show it: useBusyIndicator or useBusyFrame's `shown` (a wait of a second or more). */
  shown: boolean;
  /**
   * The words beside the bar, said politely: 'Please wait…' unless given. null shows the bar
   * alone, for a wait the screen's own status line already names ('Connecting to …', 'Sending
   * push notification . . .', a prompt the user answers).
   */
  text?: string | null;
}

/**
 * What a screen shows while it waits on a call that has not answered within a second (our rule;
 * the spec's loading indicator, an indeterminate progress bar, with words): the bar and 'Please
 * wait…'. The region is a polite status in the page from the screen's first render, empty until
 * shown, so the words are announced when they come and take no room before; the frame it is in
 * sets `aria-busy` from the same `shown`.
 */
export function BusyIndicator({ shown, text }: BusyIndicatorProps) {
  const words = text === undefined ? busyWords.pleaseWait : text;
  return (
    <div className="portal-busy" role="status">
      {shown ? <LoadingBar /> : null}
      {shown && words ? <p className="portal-busy__text">{words}</p> : null}
    </div>
  );
}
