import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { authStatusAtom, errorMessageAtom } from '../src/session/atoms';
import { AuthStatus } from '../src/session/authStatus';
import { transition } from '../src/session/signInState';
import { useRestartNotice } from '../src/session/useRestartNotice';

function Where() {
  const { pathname, key } = useLocation();
  return (
    <output data-testid="where" data-key={key}>
      {pathname}
    </output>
  );
}

function Shell() {
  useRestartNotice();
  return null;
}

/** A fresh store and the shell's restart rule around a screen at `path`. */
function renderAt(path: string) {
  const store = createStore();
  store.set(authStatusAtom, AuthStatus.Factor);
  render(
    <StrictMode>
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Shell />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
  return store;
}

const where = () => screen.getByTestId('where');

describe('restart-needed leads to the restart notice, from wherever it comes (useRestartNotice)', () => {
  it('a restartNeeded transition opens /restartRequired with its reason kept', () => {
    const store = renderAt('/push');
    act(() => void transition(store, { type: 'restartNeeded', message: 'Transaction denied' }));
    expect(where().textContent).toBe('/restartRequired');
    expect(store.get(errorMessageAtom)).toBe('Transaction denied');
  });

  it('on the notice already (opened directly) it does not navigate again', () => {
    const store = renderAt('/restartRequired');
    const before = where().dataset.key;
    act(() => void transition(store, { type: 'restartNeeded' }));
    expect(where().textContent).toBe('/restartRequired');
    expect(where().dataset.key).toBe(before);
  });

  it('other transitions do not open it', () => {
    const store = renderAt('/verify');
    act(() => void transition(store, { type: 'denied' }));
    act(() => void transition(store, { type: 'start' }));
    expect(where().textContent).toBe('/verify');
  });
});
