import { DISPLAY_TEXT_LIMIT } from '@portal/shared/display/boundedText';
import { allowUserResetAtom, authStatusAtom, userNameAtom } from '@portal/shared/session/atoms';
import { AuthStatus } from '@portal/shared/session/authStatus';
import { render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { UserInfoBanner } from '../src/shell/UserInfoBanner';

/** A 1 MB user name, as a broken or hostile reply could carry. */
const huge = 'u'.repeat(1024 * 1024);
const shown = `${'u'.repeat(DISPLAY_TEXT_LIMIT)}…`;

function renderBanner(allowReset: boolean) {
  const store = createStore();
  store.set(userNameAtom, huge);
  store.set(authStatusAtom, AuthStatus.Factor);
  store.set(allowUserResetAtom, allowReset);
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <UserInfoBanner />
      </MemoryRouter>
    </Provider>,
  );
}

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
});
