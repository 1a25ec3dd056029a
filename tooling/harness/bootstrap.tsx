import { getInstance } from '@module-federation/enhanced/runtime';
import { loadPortalConfig } from '@portal/shared/config';
import { mergeContributions } from '@portal/contributions/merge';
import { parseContributions } from '@portal/contributions/schema';
import { createSend } from '@portal/shared/transport';
import { contributionsAtom } from '@portal/shared/contributions';
import { portalStore, useRestartNotice } from '@portal/shared/session';
import { cataloguesReady, chooseLocale, switchLocale } from '@portal/shared/words';
import { Provider } from 'jotai';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  StrictMode,
  Suspense,
} from 'react';
import { createRoot } from 'react-dom/client';
// The harness owns its router; screens reach the same one through @portal/shared/router (same build).
import { MemoryRouter, useLocation } from 'react-router-dom';
import { readHarnessAddress } from './harnessAddress';
import { HarnessIndex } from './HarnessIndex';
import { type SessionSetupResult, setUpSession } from './sessionSetup';
// The design tokens, as the host loads them before any other stylesheet (the screens read them),
// and the page's own colours from them, light or dark.
import '@portal/shared/ui/tokens.css';
import './harness.css';

/**
 * A remote's development harness: its index lists every expose and route of the remote; an
 * address with `expose` renders that screen alone, with the shared store, a router at `path`, a
 * client token and the session state the address names (harnessAddress.ts):
 *   ?expose=./Otp&path=/sotp&state=factor&user=sam.sms
 *   ?expose=./SelfService&path=/self-service&signedIn=pat.password
 */
const address = readHarnessAddress(window.location.search);

// As the host does with the merged contributions: the remote's own next actions route the replies
// its screens get (a next action another remote claims goes to the restart notice here).
const contributions = parseContributions(__HARNESS_CONTRIBUTIONS__);
if (contributions.ok) {
  const { merged } = mergeContributions([{ remote: __HARNESS_REMOTE__, contributions: contributions.value }]);
  portalStore.set(contributionsAtom, merged);
} else {
  console.error(`[harness] the remote's contributions: ${contributions.problem}`);
}

loadPortalConfig(portalStore).catch(() => console.info('[harness] no /v1/config/portal here: defaults used'));

const federation = getInstance();
federation?.registerRemotes([
  { name: __HARNESS_REMOTE__, entry: new URL('/mf-manifest.json', window.location.href).href },
]);

function loadScreen(expose: string): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const loaded = (await federation?.loadRemote(`${__HARNESS_REMOTE__}/${expose.replace(/^\.\//, '')}`)) as
      | { default: ComponentType }
      | undefined;
    if (!loaded) throw new Error(`${expose} did not load`);
    // As the host's loadScreen: the screen renders once its remote's words have arrived.
    await cataloguesReady();
    return loaded;
  });
}

/** As in the host: a sign-in that needs a restart opens the restart notice. */
function RestartNotice() {
  useRestartNotice();
  return null;
}

/** Where the screen's router is now: a screen that navigates (a submitted step) says so here. */
function RouterAddress() {
  return <code>{useLocation().pathname}</code>;
}

interface ScreenPageProps {
  expose: string;
  path: string;
  setup: SessionSetupResult;
  Screen: LazyExoticComponent<ComponentType>;
}

function ScreenPage({ expose, path, setup, Screen }: ScreenPageProps) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <RestartNotice />
      <p>
        <a href="?">{__HARNESS_REMOTE__} harness</a> · {expose} at <RouterAddress /> ·{' '}
        <output>{setup.ok ? setup.summary : setup.error}</output>
      </p>
      <hr />
      <Suspense fallback={<p>Loading {expose}…</p>}>
        <Screen />
      </Suspense>
    </MemoryRouter>
  );
}

async function start(root: HTMLElement): Promise<void> {
  // The page's locale, as the host chooses it (?ui_locales is read on /oauth2 only; the saved
  // choice and the browser's languages anywhere), its words loaded before the first render.
  await switchLocale(portalStore, chooseLocale());
  const render = (page: ReactNode) =>
    createRoot(root).render(
      <StrictMode>
        <Provider store={portalStore}>{page}</Provider>
      </StrictMode>,
    );
  if ('error' in address) {
    render(<p role="alert">{address.error}</p>);
    return;
  }
  if (!address.expose) {
    render(<HarnessIndex />);
    return;
  }
  const send = createSend({
    store: portalStore,
    fetch: (input, init) => globalThis.fetch(input, init),
    now: Date.now,
  });
  const setup = await setUpSession(address.session, address.path, {
    store: portalStore,
    send,
    passwordPaths: __HARNESS_PASSWORD_PATHS__,
    pageOrigin: window.location.origin,
  });
  if (!setup.ok) console.error(`[harness] ${setup.error}`);
  render(
    <ScreenPage
      expose={address.expose}
      path={address.path}
      setup={setup}
      Screen={loadScreen(address.expose)}
    />,
  );
}

const root = document.getElementById('root');
if (root) void start(root);
