import { ErrorBanner } from '@portal/shared/ui/ErrorBanner';
import { LoadingBar } from '@portal/shared/ui/LoadingBar';
import type { ReactNode } from 'react';
import './factors.css';

export interface FactorLayoutProps {
  title: string;
  busy: boolean;
  error: string | null;
  /** Actions offered with the error (Resend, Try again). */
  errorActions?: ReactNode;
  children: ReactNode;
}

/** The frame of every factor screen: heading, loading bar while waiting, error banner. */
export function FactorLayout({ title, busy, error, errorActions, children }: FactorLayoutProps) {
  return (
    <section className="portal-factor" aria-busy={busy}>
      <h1 className="portal-factor__title">{title}</h1>
      {busy ? <LoadingBar /> : null}
      {error ? <ErrorBanner message={error}>{errorActions}</ErrorBanner> : null}
      {children}
    </section>
  );
}
