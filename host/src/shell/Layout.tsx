import { useSessionLifecycle } from '@portal/shared/session/lifecycle/useSessionLifecycle';
import { LoadingBar } from '@portal/shared/ui/LoadingBar';
import { Outlet, useNavigation } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { UserInfoBanner } from './UserInfoBanner';
import './shell.css';

export function Layout() {
  const navigation = useNavigation();
  // Token refresh, idle logout and the optional back-button lock, while signed in.
  useSessionLifecycle();
  return (
    <div className="portal-shell">
      <a className="portal-skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      {navigation.state !== 'idle' ? <LoadingBar /> : null}
      <UserInfoBanner />
      <main id="main" className="portal-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
