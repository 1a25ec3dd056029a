import { defaultPortalConfig, type PortalConfig, portalConfigAtom } from '@portal/shared/config';
import { DISPLAY_TEXT_LIMIT } from '@portal/shared/ui';
import {
  allowUserResetAtom,
  authStatusAtom,
  userInfoTitleAtom,
  userNameAtom,
  AuthStatus,
} from '@portal/shared/session';
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UserInfoBanner } from '../src/shell/UserInfoBanner';

/** A 1 MB user name, as a broken or hostile reply could carry. */
const huge = 'u'.repeat(1024 * 1024);
const shown = `${'u'.repeat(DISPLAY_TEXT_LIMIT)}…`;

function renderBanner(allowReset: boolean, config: Partial<PortalConfig> = {}, userName = huge) {
  const store = createStore();
  store.set(userNameAtom, userName);
  store.set(authStatusAtom, AuthStatus.Factor);
  store.set(portalConfigAtom, { ...defaultPortalConfig, ...config });
  store.set(allowUserResetAtom, allowReset);
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <UserInfoBanner />
      </MemoryRouter>
    </Provider>,
  );
}

const titles = { clients: 'Not you? Switch user', employees: 'Sign in as someone else' };

describe('user-info banner', () => {
  it("'User {name}' shows at most the limit of a 1 MB name and an ellipsis", () => {
    const { container } = renderBanner(false);
    expect(container.textContent).toBe(`User ${shown}`);
    const span = container.querySelector('span');
    expect((span?.getAttribute('title') ?? '').length).toBeLessThanOrEqual(1025);
  });

  it("'Not {name}?' is bounded the same way", () => {
    renderBanner(true);
    expect(screen.getByRole('button').textContent).toBe(`Not ${shown}?`);
  });

  it("the audience's configured title is the clickable link instead of 'Not {name}?'", () => {
    renderBanner(true, { audience: 'employees', userInfoTitle: titles }, 'pat.password');
    const link = screen.getByRole('button', { name: 'Sign in as someone else' });
    expect(link.getAttribute('title')).toBe('User pat.password');
    expect(screen.queryByText('Not pat.password?')).toBeNull();
  });

  it("an audience without a title keeps 'Not {name}?'", () => {
    renderBanner(
      true,
      { audience: 'clients', userInfoTitle: { employees: titles.employees } },
      'pat.password',
    );
    expect(screen.getByRole('button', { name: 'Not pat.password?' })).toBeTruthy();
  });

  it("without reset nothing is clickable, so the title does not show: 'User {name}'", () => {
    const { container } = renderBanner(false, { userInfoTitle: titles }, 'pat.password');
    expect(container.textContent).toBe('User pat.password');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a title set for the step wins over the configured one', () => {
    const store = createStore();
    store.set(userNameAtom, 'pat.password');
    store.set(authStatusAtom, AuthStatus.Factor);
    store.set(portalConfigAtom, { ...defaultPortalConfig, userInfoTitle: titles });
    store.set(allowUserResetAtom, true);
    store.set(userInfoTitleAtom, 'Use another account');
    render(
      <Provider store={store}>
        <MemoryRouter>
          <UserInfoBanner />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('button', { name: 'Use another account' })).toBeTruthy();
  });
});
