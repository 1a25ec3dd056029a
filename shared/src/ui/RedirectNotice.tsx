import { useEffect, useState } from 'react';
import { REDIRECT_DELAY_MS } from '../constants';
import { messages } from '../messages/en_US';
import './RedirectNotice.css';
import { Link, useNavigate } from '../router';

export interface RedirectNoticeProps {
  /** Where the user is taken (an address of the portal). */
  to: string;
  /** What the notice calls that place: 'You will be taken to {place} in 3 seconds.' */
  place: string;
  /** The spec's 3000 ms by default. */
  delayMs?: number;
  /** The owner stops the redirect (the user did something on the page): the notice goes away. */
  cancelled?: boolean;
  /** The user chose to stay. */
  onStay?: () => void;
}

/**
 * The redirect helper of the error handling (spec section 9: 'uses a 3000 ms delay'): says where
 * the user is about to be taken (a polite live region, so a screen reader announces it without
 * moving focus), takes them there after the delay, and offers 'Go now' and 'Stay on this page' (a
 * redirect on a timer must be one the user can stop: WCAG 2.2.1).
 */
export function RedirectNotice({
  to,
  place,
  delayMs = REDIRECT_DELAY_MS,
  cancelled = false,
  onStay,
}: RedirectNoticeProps) {
  const navigate = useNavigate();
  const [stayed, setStayed] = useState(false);
  const waiting = !stayed && !cancelled;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => navigate(to), delayMs);
    return () => clearTimeout(timer);
  }, [waiting, navigate, to, delayMs]);

  if (!waiting) return null;
  const stay = () => {
    setStayed(true);
    onStay?.();
  };
  return (
    <div className="portal-redirect-notice">
      <p role="status">{messages.redirect.notice({ place, seconds: Math.round(delayMs / 1000) })}</p>
      <p className="portal-redirect-notice__actions">
        <Link to={to}>{messages.redirect.goNow}</Link>
        <button type="button" className="portal-link-button" onClick={stay}>
          {messages.redirect.stay}
        </button>
      </p>
    </div>
  );
}
