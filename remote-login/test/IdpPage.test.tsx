import {
  AuthStatus,
  authStatusAtom,
  clientTokenAtom,
  factorReplyAtom,
  flowStateAtom,
  serviceUrlAtom,
  portalStore,
  useRestartNotice,
} from '@portal/shared/session';
import { flowType } from '@portal/shared/storage';
import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RestartRequiredPage } from '../src/endPages/RestartRequiredPage';
import { IdpPage } from '../src/idp/IdpPage';

// /idp's failures end the flow like /idpComplete's (spec section 4, 'Identity provider' step 5):
// restart-needed with the message, shown on the restart notice the shell opens.

const SERVICE = 'http://sso.test/default/';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function Shell() {
  useRestartNotice();
  return null;
}

function renderIdpStep() {
  return render(
    <StrictMode>
      <Provider store={portalStore}>
        <MemoryRouter initialEntries={['/idp']}>
          <Shell />
          <Routes>
            <Route path="/idp" element={<IdpPage />} />
            <Route path="/restartRequired" element={<RestartRequiredPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
}

const HOSTILE_FORM = `<form method="POST" action="javascript:alert(1)">
<input type="hidden" name="SAMLRequest" value="x"><input type="hidden" name="RelayState" value="y"></form>`;

beforeEach(() => {
  portalStore.set(serviceUrlAtom, SERVICE);
  portalStore.set(clientTokenAtom, 'client-token');
  portalStore.set(flowStateAtom, 'fs-1');
  portalStore.set(authStatusAtom, AuthStatus.Factor);
  // Identity-provider discovery: no user name, the provider named in the reply.
  portalStore.set(factorReplyAtom, {
    nextaction: 'IDP_AUTH',
    userName: '',
    currentFactors: ['IDP/corp'],
    customFactorOptions: { 'IDP/corp': 'Corporate SSO - Internal' },
  });
});

const restartHeading = 'Unrecoverable error. Please restart login or try again later.';

describe('/idp failures lead to restart-needed', () => {
  it("a refused SAML form: 'Unexpected response from identity provider.', no retry in the oauth2 flow", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    flowType.write('oauth2');
    const server = fakeServer({ base: SERVICE }).on('GET', 'oauth2/v1/idp', { text: HOSTILE_FORM });
    renderIdpStep();
    expect(screen.getByRole('heading', { name: 'Connecting to Corporate SSO' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/restartRequired'));
    expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
    expect(screen.getByRole('heading', { name: restartHeading })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Unexpected response from identity provider.');
    expect(screen.queryByRole('button', { name: 'Click to retry login' })).toBeNull();
    expect(document.querySelector('form[action^="javascript"]')).toBeNull();
    expect(server.requestsTo('GET', 'oauth2/v1/idp')[0]?.headers.get('X-Relay-State')).toBe(
      'http://localhost:3000/idpComplete',
    );
  });

  it("a failed generate call: the service's message, and 'Click to retry login' in the direct flow", async () => {
    flowType.write('direct');
    fakeServer({ base: SERVICE }).on('GET', 'oauth2/v1/idp', {
      status: 502,
      json: { errorCode: '0000999', errorMessage: 'Injected fault' },
    });
    renderIdpStep();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/restartRequired'));
    expect(screen.getByRole('alert').textContent).toContain('Injected fault');
    expect(screen.getByRole('button', { name: 'Click to retry login' })).toBeTruthy();
  });

  it("an empty reply: 'Unexpected response from identity provider.'", async () => {
    flowType.write('oauth2');
    fakeServer({ base: SERVICE }).on('GET', 'oauth2/v1/idp', { text: '' });
    renderIdpStep();
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/restartRequired'));
    expect(screen.getByRole('alert').textContent).toContain('Unexpected response from identity provider.');
  });
});
