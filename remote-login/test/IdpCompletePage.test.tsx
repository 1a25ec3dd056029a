import './routing';
import { serviceUrlAtom, portalStore, useRestartNotice } from '@portal/shared/session';
import { idpData } from '@portal/shared/storage';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { StrictMode, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RestartRequiredPage } from '../src/endPages/RestartRequiredPage';
import { IdpCompletePage } from '../src/idp/IdpCompletePage';

// /idpComplete honours the hand-back's flow state only in the tab that went to the provider
// (issue 14, item 2), and takes x-flow-state and isIDP out of the address and its history entry.

const SERVICE = 'http://sso.test/default/';
const HAND_BACK = '/idpComplete?isIDP=true&x-flow-state=fs-1';
const restartHeading = 'Unrecoverable error. Please restart login or try again later.';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function Shell() {
  useRestartNotice();
  return null;
}

/** A part beside the screen that suspends on its first render, so React discards that render. */
function suspendOnce(): () => null {
  let ready = false;
  const pending = new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => {
    ready = true;
  });
  return function SuspendsOnce() {
    if (!ready) throw pending;
    return null;
  };
}

function openHandBack({ discardFirstRender = false } = {}) {
  // The browser's address, as the provider's 303 left it; the router starts from the same.
  globalThis.history.pushState({ key: 'hand-back', idx: 1 }, '', HAND_BACK);
  const Beside = discardFirstRender ? suspendOnce() : () => null;
  return render(
    <StrictMode>
      <Provider store={portalStore}>
        <MemoryRouter initialEntries={[HAND_BACK]}>
          <Shell />
          <Routes>
            <Route
              path="/idpComplete"
              element={
                <Suspense fallback={<p>loading</p>}>
                  <IdpCompletePage />
                  <Beside />
                </Suspense>
              }
            />
            <Route path="/restartRequired" element={<RestartRequiredPage />} />
            <Route path="/verify" element={<p>password step</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
}

beforeEach(() => {
  portalStore.set(serviceUrlAtom, SERVICE);
});
afterEach(() => {
  globalThis.history.replaceState(null, '', '/');
});

describe('/idpComplete in a tab that saved nothing (a hand-back address sent by someone else)', () => {
  it('shows the restart notice and sends no call at all', async () => {
    const server = fakeServer({ base: SERVICE });
    openHandBack();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/restartRequired'));
    expect(screen.getByRole('heading', { name: restartHeading })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Missing information from identity provider response data.',
    );
    expect(screen.getByRole('button', { name: 'Click to retry login' })).toBeTruthy();
    expect(server.requests).toEqual([]);
  });
});

describe('/idpComplete with unreadable saved data', () => {
  it('says it cannot parse the results, also when React discards its first render', async () => {
    sessionStorage.setItem('idpData', '{not json');
    const server = fakeServer({ base: SERVICE });
    openHandBack({ discardFirstRender: true });
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/restartRequired'));
    expect(screen.getByRole('alert').textContent).toContain('Unable to parse identity provider results.');
    expect(server.requests).toEqual([]);
    expect(sessionStorage.getItem('idpData')).toBeNull();
  });
});

describe('/idpComplete with this tab’s saved data', () => {
  it('for another flow state: refused, no call', async () => {
    idpData.write({ nextaction: 'IDP_AUTH', flowState: 'fs-mine', providerName: 'Acme' });
    const server = fakeServer({ base: SERVICE });
    openHandBack();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/restartRequired'));
    expect(screen.getByRole('alert').textContent).toContain('Unexpected response from identity provider.');
    expect(server.requests).toEqual([]);
    expect(sessionStorage.getItem('idpData')).toBeNull();
  });

  it('for the same flow state: re-authenticates with it and routes the reply', async () => {
    idpData.write({ nextaction: 'IDP_AUTH', flowState: 'fs-1', providerName: 'Acme' });
    const server = fakeServer({ base: SERVICE })
      .on('GET', /client_token$/, { json: { access_token: 'client-1', expires_in: 3600 } })
      .on('POST', 'auth/v1/authenticate', {
        json: { nextaction: 'PASSWORD_AUTH', flowState: 'fs-1', userName: 'ida.idp' },
      });
    openHandBack();
    expect(screen.getByRole('heading', { name: 'Connecting to Acme' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/verify'));
    const [authenticate] = server.requestsTo('POST', 'auth/v1/authenticate');
    expect(authenticate?.headers.get('X-Flow-State')).toBe('fs-1');
    expect(authenticate?.body).toEqual({ channel: 'web', action: 'authenticate', latestFlowState: true });
  });

  it('takes x-flow-state and isIDP out of the address at once, keeping the history entry’s router state', async () => {
    idpData.write({ nextaction: 'IDP_AUTH', flowState: 'fs-1' });
    fakeServer({ base: SERVICE })
      .on('GET', /client_token$/, { json: { access_token: 'client-1', expires_in: 3600 }, delay: 50 })
      .on('POST', 'auth/v1/authenticate', { json: { nextaction: 'PASSWORD_AUTH', userName: 'ida.idp' } });
    const length = globalThis.history.length;
    openHandBack();
    await vi.waitFor(() => expect(globalThis.location.search).toBe(''));
    expect(globalThis.location.pathname).toBe('/idpComplete');
    expect(globalThis.location.href).not.toContain('fs-1');
    expect(globalThis.history.state).toEqual({ key: 'hand-back', idx: 1 });
    expect(globalThis.history.length).toBe(length + 1);
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/verify'));
  });
});
