import { contributionsAtom } from '@portal/shared/contributions';
import { BrowserRouter, Route, Routes, paths } from '@portal/shared/router';
import { useRestartNotice } from '@portal/shared/session';
import { Announcer } from '@portal/shared/ui';
import { localeAtom } from '@portal/shared/words';
import { useAtomValue } from 'jotai';
import { RemoteScreen } from './federation/RemoteScreen';
import { RouteGuard } from './guards/RouteGuard';
import { type HostRoute, hostRoutes } from './routing/routeTable';
import { ContributionsPending } from './shell/ContributionsPending';
import { Layout } from './shell/Layout';
import { UnclaimedAddress } from './shell/UnclaimedAddress';
import { RestartNoticeFallback } from './shell/RestartNoticeFallback';
import { contributionsLoadAtom } from './startup/contributions';

function toRoute({ path, guard, remote, expose }: HostRoute) {
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
 * The contributed routes as React Router routes; the shell adds only its own: the restart
 * notice's fallback (when no remote serves it) and 'Page Not Found' for any other address.
 */
function ContributedRoutes() {
  const routes = hostRoutes(useAtomValue(contributionsAtom));
  const restartContributed = routes.some((route) => route.path === paths.restartRequired);
  return (
    <Routes>
      {routes.filter((r) => r.shell === false).map(toRoute)}
      <Route element={<Layout />}>
        {routes.filter((r) => r.shell !== false).map(toRoute)}
        {restartContributed ? null : (
          <Route path={paths.restartRequired} element={<RestartNoticeFallback />} />
        )}
        <Route path="*" element={<UnclaimedAddress />} />
      </Route>
    </Routes>
  );
}

/** Until the contributions are in: the shell with its loading bar (or its error with Retry). */
function PendingRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<ContributionsPending />} />
      </Route>
    </Routes>
  );
}

/**
 * The router, built from the live remotes' contributions. Navigations commit without
 * transitions, so a logout can commit /signed-out synchronously (flushSync) before it clears the
 * session.
 */
export function PortalRouter() {
  const ready = useAtomValue(contributionsLoadAtom) === 'ready';
  // A new language renders every screen again (words are read at render).
  useAtomValue(localeAtom);
  return (
    <BrowserRouter useTransitions={false}>
      <RestartNotice />
      {/* The one polite live region, on every page (also those without the shell). */}
      <Announcer />
      {ready ? <ContributedRoutes /> : <PendingRoutes />}
    </BrowserRouter>
  );
}
