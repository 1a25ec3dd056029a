import { loadPortalConfig } from '@portal/shared/config/portalConfig';
import { portalStore } from '@portal/shared/session/store';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { registerConfiguredRemotes } from './federation/remoteRegistry';
import { fetchRemotesConfig } from './federation/remotesConfig';
import { createPortalRouter } from './router';
import { startSession } from './session/startSession';

/**
 * Start-up: remotes are registered before the first render; configuration is read in parallel.
 * A failed start-up step is written to the console only (spec section 8): each screen then
 * shows its own error with a way on.
 */
async function start(): Promise<void> {
  const [remotes] = await Promise.allSettled([
    fetchRemotesConfig(),
    loadPortalConfig(portalStore),
    startSession(portalStore),
  ]).then((results) => {
    for (const result of results) {
      if (result.status === 'rejected') console.error('[portal] start-up:', result.reason);
    }
    return results;
  });
  registerConfiguredRemotes(remotes.status === 'fulfilled' ? remotes.value : {});

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Provider store={portalStore}>
        <RouterProvider router={createPortalRouter()} />
      </Provider>
    </StrictMode>,
  );
}

void start();
