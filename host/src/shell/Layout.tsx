import { useSessionLifecycle } from '@portal/shared/session';
import { Outlet } from '@portal/shared/router';
import { localeAtom, messages } from '@portal/shared/words';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import { IdleWarning } from './IdleWarning';
import { trackInputModality } from './inputModality';
import { UserInfoBanner } from './UserInfoBanner';
// The design tokens first: every stylesheet after it reads them (docs/architecture.md, "Design tokens").
import '@portal/shared/ui/tokens.css';
import './shell.css';

export function Layout() {
  // Token refresh, idle warning and logout, and the optional back-button lock, while signed in.
  useSessionLifecycle();
  // A new language renders the shell again in its words.
  useAtomValue(localeAtom);
  // Keyboard or pointer, on <html>: a heading focused on arrival shows its ring only after the keyboard.
  useEffect(() => trackInputModality(), []);
  return (
    <div className="portal-shell">
      <a className="portal-skip-link" href="#main">
        {messages.shell.skipToContent}
      </a>
      <Header />
      <UserInfoBanner />
      <main id="main" className="portal-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <IdleWarning />
    </div>
  );
}
