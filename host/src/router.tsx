import { BrowserRouter, Route, Routes } from '@portal/shared/router';
import { useRestartNotice } from '@portal/shared/session';
import { Announcer } from '@portal/shared/ui';
import { RemoteScreen } from './federation/RemoteScreen';
import { RouteGuard } from './guards/RouteGuard';
import { routes } from './routes';
import { Layout } from './shell/Layout';
import { NotFound } from './shell/NotFound';

function toRoute({ path, guard, remote, expose }: (typeof routes)[number]) {
  return (
    <Route
      key={path}
      path={path}
      element={
        <RouteGuard guard={guard}>
          <RemoteScreen key={path} remote={remote} expose={expose} />
        </RouteGuard>
      }
    />
  );
}

/** Opens the restart notice whenever the sign-in needs a restart, from any screen or call. */
function RestartNotice() {
  useRestartNotice();
  return null;
}

/**
 * The route table as React Router routes. Navigations commit without transitions, so a logout can
 * commit /signed-out synchronously (flushSync) before it clears the session.
 */
export function PortalRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <RestartNotice />
      {/* The one polite live region, on every page (also those without the shell). */}
      <Announcer />
      <Routes>
        {routes.filter((r) => r.shell === false).map(toRoute)}
        <Route element={<Layout />}>
          {routes.filter((r) => r.shell !== false).map(toRoute)}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
