import { harnessHref, type HarnessSession } from './harnessAddress';

/** The fixture user the index signs in for guard B screens (password only). */
export const SIGNED_IN_USER = 'pat.password';

/** The state a route's guard needs (spec section 2), or null when the harness has no user for it. */
function sessionFor(route: (typeof __HARNESS_ROUTES__)[number]): HarnessSession | null {
  if (route.guard === 'B') return { kind: 'signedIn', user: SIGNED_IN_USER, password: '' };
  if (route.guard === 'C') {
    const user = __HARNESS_FACTOR_USERS__[route.path];
    return user ? { kind: 'factor', user, password: '' } : null;
  }
  return { kind: 'none' };
}

/** Every expose of the remote, each route it serves, and a link that opens it in the state it needs. */
export function HarnessIndex() {
  return (
    <main>
      <h1>{__HARNESS_REMOTE__} harness</h1>
      <p>
        Each link renders one expose alone, at the route's address, with a client token from the portal server
        and the session state the route's guard needs.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Expose</th>
            <th scope="col">Route</th>
            <th scope="col">Guard</th>
            <th scope="col">Open</th>
          </tr>
        </thead>
        <tbody>
          {__HARNESS_EXPOSES__.flatMap((expose) => {
            const routes = __HARNESS_ROUTES__.filter((route) => route.expose === expose);
            if (routes.length === 0) {
              return [
                <tr key={expose}>
                  <td>{expose}</td>
                  <td>—</td>
                  <td>—</td>
                  <td>
                    <a href={harnessHref(expose, '/', { kind: 'none' })}>{expose}</a>
                  </td>
                </tr>,
              ];
            }
            return routes.map((route) => {
              const session = sessionFor(route);
              return (
                <tr key={`${expose} ${route.path}`}>
                  <td>{expose}</td>
                  <td>{route.path}</td>
                  <td>{route.guard}</td>
                  <td>
                    {session ? (
                      <a href={harnessHref(expose, route.path, session)}>{route.title}</a>
                    ) : (
                      `${route.title}: name a fixture user for ${route.path} in harness.json`
                    )}
                  </td>
                </tr>
              );
            });
          })}
        </tbody>
      </table>
    </main>
  );
}
