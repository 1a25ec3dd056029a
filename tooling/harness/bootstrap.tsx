import { getInstance } from '@module-federation/enhanced/runtime';
import { loadPortalConfig } from '@portal/shared/config';
import {
  AuthStatus,
  type AuthStatusValue,
  authStatusAtom,
  serviceUrlAtom,
  userNameAtom,
  portalStore,
  useRestartNotice,
} from '@portal/shared/session';
import { Provider } from 'jotai';
import { type ComponentType, lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
// The harness owns its router; screens reach the same one through @portal/shared/router (same build).
import { MemoryRouter } from 'react-router-dom';

/**
 * A remote's development harness: renders one of its exposed screens on its own, with the
 * shared store, a router, and session state chosen in the address:
 *   ?expose=./UserId&path=/direct&status=1&user=pat.password&service=http://localhost:8090/default/
 */
const params = new URLSearchParams(window.location.search);
const expose = params.get('expose') ?? __HARNESS_EXPOSES__[0] ?? '';
const path = params.get('path') ?? '/';
const statuses: Record<string, AuthStatusValue> = {
  '0': AuthStatus.None,
  '1': AuthStatus.Factor,
  '2': AuthStatus.Authenticated,
};

portalStore.set(authStatusAtom, statuses[params.get('status') ?? '0'] ?? AuthStatus.None);
if (params.get('user')) portalStore.set(userNameAtom, params.get('user'));
portalStore.set(serviceUrlAtom, params.get('service') ?? 'http://localhost:8090/default/');
loadPortalConfig(portalStore).catch(() => console.info('[harness] no /v1/config/portal here: defaults used'));

const federation = getInstance();
federation?.registerRemotes([
  { name: __HARNESS_REMOTE__, entry: new URL('/mf-manifest.json', window.location.href).href },
]);

const Screen = lazy(async () => {
  const loaded = (await federation?.loadRemote(`${__HARNESS_REMOTE__}/${expose.replace(/^\.\//, '')}`)) as
    | { default: ComponentType }
    | undefined;
  if (!loaded) throw new Error(`${expose} did not load`);
  return loaded;
});

function Picker() {
  return (
    <nav aria-label="Exposed screens">
      <h1>{__HARNESS_REMOTE__} harness</h1>
      <ul>
        {__HARNESS_EXPOSES__.map((name) => (
          <li key={name}>
            <a href={`?expose=${encodeURIComponent(name)}&path=${encodeURIComponent(path)}`}>{name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** As in the host: a sign-in that needs a restart opens the restart notice. */
function RestartNotice() {
  useRestartNotice();
  return null;
}

function HarnessPage() {
  return (
    <MemoryRouter initialEntries={[path]}>
      <RestartNotice />
      <Picker />
      <hr />
      <Suspense fallback={<p>Loading {expose}…</p>}>
        <Screen />
      </Suspense>
    </MemoryRouter>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Provider store={portalStore}>
        <HarnessPage />
      </Provider>
    </StrictMode>,
  );
}
