import { ErrorBanner } from '@portal/shared/ui/ErrorBanner';
import { LoadingBar } from '@portal/shared/ui/LoadingBar';
import type { ReactNode, Ref } from 'react';
import './factors.css';

export interface FactorLayoutProps {
  title: string;
  busy: boolean;
  error: string | null;
  /** Actions offered with the error (Resend, Try again). */
  errorActions?: ReactNode;
  children: ReactNode;
  /** The screen's section, for a step that has to place focus itself (focusHeading). */
  rootRef?: Ref<HTMLElement>;
}

/** The frame of every factor screen: heading, loading bar while waiting, error banner. */
export function FactorLayout({ title, busy, error, errorActions, children, rootRef }: FactorLayoutProps) {
  return (
    <section ref={rootRef} className="portal-factor" aria-busy={busy}>
      <h1 className="portal-factor__title">{title}</h1>
      {busy ? <LoadingBar /> : null}
      {error ? <ErrorBanner message={error}>{errorActions}</ErrorBanner> : null}
      {children}
    </section>
  );
}
