import { Notice } from '@portal/shared/ui';
import { useEffect, useState } from 'react';

/** How long the region is in the page, empty, before its words: a region inserted with its text is often not announced. */
const FILL_DELAY_MS = 100;

export interface ResendNoticeProps {
  /** What the resend did ('A new code was sent to …'); null before any resend. */
  message: string | null;
}

/**
 * The confirmation of a resent code (issue 44): a success notice, shown and announced politely
 * (a status region). The region is in the page, empty and taking no room, from the first code
 * on; its words arrive a moment after it, so they are announced. Key it by the resend count: a
 * second Resend remounts it, and the same words are announced again.
 */
export function ResendNotice({ message }: ResendNoticeProps) {
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setShown(message), FILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <Notice tone="success" live="status">
      {shown ? <p>{shown}</p> : null}
    </Notice>
  );
}
