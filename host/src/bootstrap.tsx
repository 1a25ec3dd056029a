import { api } from '@portal/shared/api/client';
import { applyPortalConfig, loadPortalConfig } from '@portal/shared/config/portalConfig';
import { paths } from '@portal/shared/routes/paths';

import { portalStore } from '@portal/shared/session/store';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { knownRemotePlans, type RemotePlans } from './federation/remotePlan';
import { configureRemotes } from './federation/remoteRegistry';
import { fetchRemotesConfig } from './federation/remotesConfig';
import { PortalRouter } from './router';
import { startSession } from './session/startSession';
import { type BootstrapData, readBootstrapData } from './startup/bootstrapData';

const report = (step: string) => (reason: unknown) => console.error(`[portal] start-up: ${step}`, reason);

/** Without the server's start-up data (a bare dev server): remotes.json, then each manifest on first use. */
async function fetchedRemotePlans(): Promise<RemotePlans> {
  const config = await fetchRemotesConfig();
  const plans: RemotePlans = {};
  for (const [name, manifest] of Object.entries(config) as [keyof RemotePlans, string][]) {
    plans[name] = { manifest };
  }
  return plans;
}

/** With the portal server's start-up data nothing is fetched before the first render. */
async function prepare(data: BootstrapData | null): Promise<void> {
  const session = startSession(portalStore, data?.environment).catch(report('session'));
  // The User ID page starts with a client token (login start, step 1): ask for it now, so its
  // round trip overlaps with loading the screen instead of following it.
  const route = window.location.pathname.replace(/\/+$/, '');
  if (route === paths.direct || route === paths.oauth2) api.prefetchClientToken();
  if (data) {
    configureRemotes(knownRemotePlans(data.remotes));
    try {
      if (data.portalConfig !== undefined) applyPortalConfig(portalStore, data.portalConfig);
    } catch (error) {
      report('portal configuration')(error);
    }
    // The environment was handed over too: startSession finished without waiting.
    await session;
    return;
  }
  const [plans] = await Promise.all([
    fetchedRemotePlans().catch((error: unknown) => {
      report('remotes.json')(error);
      return {};
    }),
    loadPortalConfig(portalStore).catch(report('portal configuration')),
    session,
  ]);
  configureRemotes(plans);
}

/**
 * Start-up: remotes are registered before the first render. A failed start-up step is written to
 * the console only (spec section 8): each screen then shows its own error with a way on.
 */
async function start(): Promise<void> {
  await prepare(readBootstrapData());
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Provider store={portalStore}>
        <PortalRouter />
      </Provider>
    </StrictMode>,
  );
}

void start();
