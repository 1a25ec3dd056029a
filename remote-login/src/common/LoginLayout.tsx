import {
  BusyFrameContext,
  BusyIndicator,
  ErrorBanner,
  PageHeading,
  stackClass,
  useBusyFrame,
} from '@portal/shared/ui';
import type { ReactNode } from 'react';
import './login.css';

export interface LoginLayoutProps {
  title: string;
  /** The page waits on a call (or on its start): after a second it says so (BusyIndicator). */
  busy?: boolean;
  /** The busy indicator's words: 'Please wait…' unless given; null for the bar alone. */
  busyText?: string | null;
  error?: string | null;
  errorActions?: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of every sign-in screen: heading, the busy indicator (a progress bar and 'Please
 * wait…', and `aria-busy`, once a call has gone a second without an answer), error banner, then
 * the screen's blocks; a loose stack straight in the shell's card (no column of its own).
 */
export function LoginLayout({
  title,
  busy = false,
  busyText,
  error = null,
  errorActions,
  children,
}: LoginLayoutProps) {
  const frame = useBusyFrame(busy);
  return (
    <BusyFrameContext value={frame.report}>
      <section className={stackClass('loose')} aria-busy={frame.shown} aria-labelledby="login-title">
        <PageHeading id="login-title">{title}</PageHeading>
        <BusyIndicator shown={frame.shown} text={busyText} />
        {error ? <ErrorBanner message={error}>{errorActions}</ErrorBanner> : null}
        {children}
      </section>
    </BusyFrameContext>
  );
}
