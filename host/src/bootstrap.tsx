import { api } from '@portal/shared/transport';
import { applyPortalConfig, loadPortalConfig } from '@portal/shared/config';
import { contributionsAtom } from '@portal/shared/contributions';
import { portalStore } from '@portal/shared/session';
import { chooseLocale, switchLocale } from '@portal/shared/words';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { knownRemotePlans, type RemotePlans } from './federation/remotePlan';
import { configureRemotes } from './federation/remoteRegistry';
import { preloadScreen } from './federation/screenCache';
import { fetchRemotesConfig, type RemoteEntry } from './federation/remotesConfig';
import { startHealthReports } from './health/startHealthReports';
import { PortalRouter } from './router';
import { firstScreenFor } from './routing/routeTable';
import { startSession } from './session/startSession';
import { type BootstrapData, readBootstrapData } from './startup/bootstrapData';
import { loadContributions, takePageContributions } from './startup/contributions';
import { openStorageAreas } from './startup/openStorage';
import { loadRenderer } from './startup/renderer';
import { hasRenderedScreen, takeOverRenderedScreen } from './startup/takeOver';

const report = (step: string) => (reason: unknown) => console.error(`[portal] start-up: ${step}`, reason);

/** Without the server's start-up data (a bare dev server): remotes.json, then each manifest on first use. */
async function fetchedRemotePlans(): Promise<RemotePlans> {
  const config = await fetchRemotesConfig(AbortSignal.timeout(REMOTES_CONFIG_TIMEOUT_MS));
  const plans: RemotePlans = {};
  for (const [name, entry] of Object.entries(config) as [keyof RemotePlans, RemoteEntry][]) {
    plans[name] = { manifest: entry.manifest, integrity: entry.integrity };
  }
  return plans;
}

/** Past this remotes.json counts as unavailable: the screens show the remote-failure banner and Retry. */
const REMOTES_CONFIG_TIMEOUT_MS = 10_000;

/**
 * Start-up data: with the portal server's (written into the page) nothing is fetched; without it
 * remotes.json, the portal configuration and the environment are fetched in parallel. Nothing here
 * holds the first render: the shell shows at once, and a screen waits (with its loading bar, for a
 * bounded time) only for the remotes it needs.
 */
function prepare(data: BootstrapData | null): FirstScreen | undefined {
  void startSession(portalStore, data?.environment).catch(report('session'));
  // The router and the next-action dispatch are built from the live remotes' contributions: the
  // page's, or (a bare page, or unusable ones) fetched while the shell shows its loading bar.
  const contributions = takePageContributions(portalStore, data?.contributions)
    ? portalStore.get(contributionsAtom)
    : null;
  const first = contributions ? firstScreenFor(contributions, window.location.pathname) : undefined;
  // A screen that starts a login asks for a client token first (login start, step 1): ask for it
  // now, so its round trip overlaps with loading the screen instead of following it.
  if (first?.startsLogin) api.prefetchClientToken();
  if (!contributions) {
    void loadContributions(portalStore).then((fetched) => {
      if (fetched && firstScreenFor(fetched, window.location.pathname)?.startsLogin)
        api.prefetchClientToken();
    });
  }
  if (data) {
    configureRemotes(knownRemotePlans(data.remotes));
    // Start loading the first screen now (its files are already on their way, preloaded by the
    // page), so running the remote's code overlaps with rendering the shell.
    if (first) void preloadScreen(first.remote, first.expose);
    try {
      if (data.portalConfig !== undefined) applyPortalConfig(portalStore, data.portalConfig);
    } catch (error) {
      report('portal configuration')(error);
    }
    return first;
  }
  void loadPortalConfig(portalStore).catch(report('portal configuration'));
  const readConfig = () =>
    fetchedRemotePlans().catch((error: unknown): RemotePlans => {
      report('remotes.json')(error);
      return {};
    });
  void readConfig().then((plans) => configureRemotes(plans, readConfig));
  return undefined;
}

type FirstScreen = NonNullable<ReturnType<typeof firstScreenFor>>;

/** Start-up (spec section 8: a failed start-up step is written to the console; each screen then
 * shows its own error with a way on). */
function start(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The page's locale (ui_locales, the saved choice, the server's negotiation): its catalogues
  // load while the start-up runs, and the first render waits for them (the page preloads them).
  const wordsReady = switchLocale(portalStore, chooseLocale());
  // Asked for now, so it runs the moment its bytes arrive (the page requests it last).
  const renderer = loadRenderer();
  openStorageAreas();
  const first = prepare(readBootstrapData());
  startHealthReports();
  const app = (
    <StrictMode>
      <Provider store={portalStore}>
        <PortalRouter />
      </Provider>
    </StrictMode>
  );
  // A page whose first screen arrived rendered is taken over; any other is rendered from scratch.
  if (first && hasRenderedScreen(container)) {
    void wordsReady
      .then(() => takeOverRenderedScreen(container, app, first, renderer))
      .catch(report('first screen'));
    return;
  }
  void Promise.all([renderer, wordsReady])
    .then(([{ createRoot }]) => createRoot(container).render(app))
    .catch(report('first render'));
}

start();
