import type { ReactNode } from 'react';
import './Notice.css';

/** What a notice tells: a problem, a fact, a thing done, a risk. */
export type NoticeTone = 'error' | 'info' | 'success' | 'warning';

export interface NoticeProps {
  tone: NoticeTone;
  /**
   * How assistive technology hears it: 'alert' interrupts (an error the user must act on),
   * 'status' waits its turn (a code sent), 'none' is read in place (a standing note).
   */
  live?: 'alert' | 'status' | 'none';
  /** Actions after the message (More Info, Try again). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

const ROLE = { alert: 'alert', status: 'status', none: undefined } as const;

/**
 * A notice inside a screen (issue 44): a message on a tinted surface with a bar at its start in
 * the tone's colour, and its actions. Its region stays mounted when `live` is set and the message
 * empty, so a message that appears later is announced.
 */
export function Notice({ tone, live = 'none', actions, className, children }: NoticeProps) {
  const classes = ['portal-notice', `portal-notice--${tone}`, className].filter(Boolean).join(' ');
  return (
    <div className={classes} role={ROLE[live]}>
      <div className="portal-notice__message">{children}</div>
      {actions ? <div className="portal-notice__actions">{actions}</div> : null}
    </div>
  );
}
