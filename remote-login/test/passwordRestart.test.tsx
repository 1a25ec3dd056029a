import {
  authStatusAtom,
  clientTokenAtom,
  flowStateAtom,
  serviceUrlAtom,
  userNameAtom,
  AuthStatus,
  portalStore,
  useRestartNotice,
} from '@portal/shared/session';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RestartRequiredPage } from '../src/endPages/RestartRequiredPage';
import { PasswordPage } from '../src/password/PasswordPage';

const SERVICE = 'http://sso.test/default/';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** What the host shell mounts inside its router (host/src/router.tsx). */
function Shell() {
  useRestartNotice();
  return null;
}

/** The password step as the portal shows it: the shell and the route table's two screens. */
function renderPasswordStep() {
  return render(
    <StrictMode>
      <Provider store={portalStore}>
        <MemoryRouter initialEntries={['/verify']}>
          <Shell />
          <Routes>
            <Route path="/verify" element={<PasswordPage />} />
            <Route path="/restartRequired" element={<RestartRequiredPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
}

beforeEach(() => {
  portalStore.set(serviceUrlAtom, SERVICE);
  portalStore.set(clientTokenAtom, 'client-token');
  portalStore.set(userNameAtom, 'pat.password');
  portalStore.set(flowStateAtom, 'stale-flow');
  portalStore.set(authStatusAtom, AuthStatus.Factor);
});

describe('bug 5: the API client says restart-needed during the password step', () => {
  it('a password submit answered with errorCode 0000010 ends on the restart notice', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ errorCode: '0000010', errorMessage: 'Invalid X-Flow-State header' }),
            {
              status: 400,
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    renderPasswordStep();
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });

    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/restartRequired'));
    expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
    expect(
      screen.getByRole('heading', { name: 'Unrecoverable error. Please restart login or try again later.' }),
    ).toBeTruthy();
    // The reason stays visible on the notice; the password form is gone with its field error.
    expect(screen.getByText('Invalid X-Flow-State header')).toBeTruthy();
    expect(screen.queryByText('Password is required.')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
