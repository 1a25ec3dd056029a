import { useEffect, useState } from 'react';
import { LIVE_REGION_FILL_DELAY_MS } from '../constants';
import './LiveStatus.css';

export interface LiveStatusProps {
  /** What the region says, one paragraph a line; none says nothing. */
  lines: readonly string[];
  className?: string;
  lineClassName?: string;
}

/**
 * A polite status region that is in the page empty before it says anything: its lines arrive
 * LIVE_REGION_FILL_DELAY_MS after the region itself (and after every change), because a region
 * inserted together with its text is often not announced.
 */
export function LiveStatus({ lines, className, lineClassName }: LiveStatusProps) {
  const [shown, setShown] = useState<readonly string[]>([]);
  const text = lines.join('\n');
  useEffect(() => {
    const timer = setTimeout(() => setShown(text ? text.split('\n') : []), LIVE_REGION_FILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div role="status" className={className ? `portal-live-status ${className}` : 'portal-live-status'}>
      {shown.map((line, index) => (
        // Lines are positional.
        <p key={index} className={lineClassName}>
          {line}
        </p>
      ))}
    </div>
  );
}
