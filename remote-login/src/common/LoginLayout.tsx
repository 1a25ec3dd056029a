import { ErrorBanner, LoadingBar } from '@portal/shared/ui';
import type { ReactNode } from 'react';
import './login.css';

export interface LoginLayoutProps {
  title: string;
  busy?: boolean;
  error?: string | null;
  errorActions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every sign-in screen: heading, loading bar while waiting, error banner. */
export function LoginLayout({ title, busy = false, error = null, errorActions, children }: LoginLayoutProps) {
  return (
    <section className="portal-login" aria-busy={busy} aria-labelledby="login-title">
      <h1 id="login-title" className="portal-login__title">
        {title}
      </h1>
      {busy ? <LoadingBar /> : null}
      {error ? <ErrorBanner message={error}>{errorActions}</ErrorBanner> : null}
      {children}
    </section>
  );
}
