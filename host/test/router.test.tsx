import { contributionsAtom } from '@portal/shared/contributions';
import { applyNextAction } from '@portal/shared/flow';
import { authStatusAtom, AuthStatus, portalStore } from '@portal/shared/session';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalRouter } from '../src/router';
import { contributionsLoadAtom } from '../src/startup/contributions';
import { contributions } from './contributionsFixture';

// The remotes' screens stand in as their names: what the router chose is what shows.
vi.mock('../src/federation/screenCache', () => ({
  screenComponent: (remote: string, expose: string) => () => (
    <p data-testid="screen">{`${remote} ${expose}`}</p>
  ),
  forgetScreens: () => {},
  preloadScreen: async () => {},
}));

function renderAt(path: string, merged = contributions) {
  window.history.replaceState(null, '', path);
  portalStore.set(contributionsAtom, merged);
  portalStore.set(contributionsLoadAtom, 'ready');
  return render(
    <Provider store={portalStore}>
      <PortalRouter />
    </Provider>,
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the router, built from the contributions', () => {
  it("renders a contributed address with its remote's screen", () => {
    renderAt('/help');
    expect(screen.getByTestId('screen').textContent).toBe('remote_help ./Help');
  });

  it('shows Page Not Found for an address nobody contributes', () => {
    renderAt('/register/recovery');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByTestId('screen')).toBeNull();
  });

  it('a remote that contributed nothing (its manifest refused): its failure banner with Retry, not Page Not Found', () => {
    const withoutHelp = {
      ...contributions,
      routes: contributions.routes.filter((route) => route.remote !== 'remote_help'),
      links: [],
    };
    const { container } = renderAt('/help', withoutHelp);
    const failure = container.querySelector('[data-failed-remote="remote_help"]');
    expect(failure?.querySelector('[role="alert"]')?.textContent).toContain(
      'Unable to handle the request. Please try again later.',
    );
    expect(within(failure as HTMLElement).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });

  it('footer: the host’s links and the contributed ones, in order', () => {
    renderAt('/help');
    const footer = within(screen.getByRole('navigation', { name: 'Legal and help' }));
    expect(footer.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Privacy Statement',
      'Cookie Policy',
      'Terms of Use',
      'SMS Terms of Service',
      'Login Assistance',
    ]);
  });

  it("a next action nobody claims ends on the restart notice (the shell's own, with nobody serving it)", async () => {
    renderAt('/help');
    const navigate = vi.fn();
    const api = { getUserToken: vi.fn() };
    await act(() =>
      applyNextAction({ nextaction: 'RECOVERYCODE_AUTH' }, { store: portalStore, navigate, api }),
    );
    expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.RestartNeeded);
    expect(window.location.pathname).toBe('/restartRequired');
    expect(
      screen.getByRole('heading', { name: 'Unrecoverable error. Please restart login or try again later.' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Click to retry login' }));
    expect(window.location.pathname).not.toBe('/restartRequired');
  });

  it('a claimed next action opens its screen', async () => {
    renderAt('/help');
    const api = { getUserToken: vi.fn() };
    await act(async () => {
      await applyNextAction(
        { nextaction: 'SMS_OTP_SELECTION' },
        { store: portalStore, navigate: vi.fn(), api },
      );
    });
    expect(portalStore.get(authStatusAtom)).toBe(AuthStatus.Factor);
  });

  it('a contributed restart notice is the remote’s screen', () => {
    window.history.replaceState(null, '', '/restartRequired');
    portalStore.set(contributionsAtom, {
      ...contributions,
      routes: [
        ...contributions.routes,
        {
          path: '/restartRequired',
          guard: 'none',
          expose: './RestartRequired',
          title: 'x',
          remote: 'remote_login',
        },
      ],
    });
    portalStore.set(contributionsLoadAtom, 'ready');
    render(
      <Provider store={portalStore}>
        <PortalRouter />
      </Provider>,
    );
    expect(screen.getByTestId('screen').textContent).toBe('remote_login ./RestartRequired');
  });
});
