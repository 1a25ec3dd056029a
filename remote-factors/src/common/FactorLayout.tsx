import { ErrorBanner, LoadingBar } from '@portal/shared/ui';
import { useFocusRescue } from '@portal/shared/a11y';
import { type ReactNode, useRef } from 'react';
import './factors.css';

export interface FactorLayoutProps {
  title: string;
  busy: boolean;
  error: string | null;
  /** Actions offered with the error (Resend, Try again). */
  errorActions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every factor screen: heading, loading bar while waiting, error banner. A step that
 * removes the focused control (a chooser, a form) leaves focus on the heading (useFocusRescue).
 */
export function FactorLayout({ title, busy, error, errorActions, children }: FactorLayoutProps) {
  const root = useRef<HTMLElement>(null);
  useFocusRescue(root);
  return (
    <section ref={root} className="portal-factor" aria-busy={busy}>
      <h1 className="portal-factor__title">{title}</h1>
      {busy ? <LoadingBar /> : null}
      {error ? <ErrorBanner message={error}>{errorActions}</ErrorBanner> : null}
      {children}
    </section>
  );
}
