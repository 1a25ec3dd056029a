import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

type Store = ReturnType<typeof createStore>;

/** Shows where the screen navigated to, and with which state, for assertions. */
function Landed() {
  const location = useLocation();
  return (
    <output data-testid="landed" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

/** Renders a screen as the host does: inside a jotai store and a router; other paths show where it went. */
export function renderScreen(
  ui: ReactElement,
  { store = createStore(), path = '/', state }: { store?: Store; path?: string; state?: unknown } = {},
) {
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

export const ok = <T,>(data: T) => ({ ok: true as const, data, status: 200 });
export const httpError = (message: string) => ({
  ok: false as const,
  error: { kind: 'http' as const, message, status: 400 },
});
