import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RemoteScreen } from './federation/RemoteScreen';
import { RouteGuard } from './guards/RouteGuard';
import { routes } from './routes';
import { Layout } from './shell/Layout';
import { NotFound } from './shell/NotFound';

function toRouteObject({ path, guard, remote, expose }: (typeof routes)[number]): RouteObject {
  return {
    path,
    element: (
      <RouteGuard guard={guard}>
        <RemoteScreen key={path} remote={remote} expose={expose} />
      </RouteGuard>
    ),
  };
}

export function createPortalRouter() {
  const framed = routes.filter((route) => route.shell === false);
  const inShell = routes.filter((route) => route.shell !== false);
  return createBrowserRouter([
    ...framed.map(toRouteObject),
    {
      element: <Layout />,
      children: [...inShell.map(toRouteObject), { path: '*', element: <NotFound /> }],
    },
  ]);
}
