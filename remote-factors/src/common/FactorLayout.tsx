import {
  BusyFrameContext,
  BusyIndicator,
  ErrorBanner,
  PageHeading,
  stackClass,
  useBusyFrame,
} from '@portal/shared/ui';
import { useFocusRescue } from '@portal/shared/a11y';
import { type ReactNode, useRef } from 'react';
import './factors.css';

export interface FactorLayoutProps {
  title: string;
  /** A line under the heading that says what the screen asks for. */
  lead?: ReactNode;
  /** The screen waits on a call (or on the user's phone or key): after a second it says so. */
  busy: boolean;
  /**
   * The busy indicator's words: 'Please wait…' unless given; null for the bar alone, when the
   * screen's own status line says what it waits for.
   */
  busyText?: string | null;
  error: string | null;
  /** Actions offered with the error (Resend, Try again). */
  errorActions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every factor screen, one rhythm for all (issue 44): a loose stack of the heading,
 * the busy indicator (a progress bar and 'Please
 * wait…', and `aria-busy`, once a call, the screen's own or one made inside it such as More
 * Options, has gone a second without an answer), error banner. A step that removes the focused
 * control (a chooser, a form) leaves focus on the heading (useFocusRescue).
 */
export function FactorLayout({
  title,
  lead,
  busy,
  busyText,
  error,
  errorActions,
  children,
}: FactorLayoutProps) {
  const root = useRef<HTMLElement>(null);
  useFocusRescue(root);
  const frame = useBusyFrame(busy);
  return (
    <BusyFrameContext value={frame.report}>
      <section ref={root} className={stackClass('loose', 'portal-factor')} aria-busy={frame.shown}>
        <PageHeading lead={lead}>{title}</PageHeading>
        <BusyIndicator shown={frame.shown} text={busyText} />
        {error ? <ErrorBanner message={error}>{errorActions}</ErrorBanner> : null}
        {children}
      </section>
    </BusyFrameContext>
  );
}
