import { portalStore } from '@portal/shared/session';
import { render, screen } from '@testing-library/react';
import { localeAtom } from '@portal/shared/words';
import { Provider, useAtomValue } from 'jotai';
import { cloneElement, type ReactElement, type ReactNode, StrictMode } from 'react';
// Tests render the screen in a router of their own, like the host does; Biome forbids this import
// only to code that ships.
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** Shows where the screen navigated to, and with which state, for assertions (`landed()`). */
function Landed() {
  const location = useLocation();
  return (
    <output data-testid="landed" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

/**
 * The screen, rendered again when the language changes, as the host's RemoteScreen renders it
 * (it reads localeAtom): a new element each time, so the screen itself renders its new words.
 */
export function InLocale({ ui }: { ui: ReactElement }) {
  useAtomValue(localeAtom);
  return cloneElement(ui);
}

export interface RenderOptions {
  /** The address the screen is shown at (its route); '/' by default. */
  path?: string;
  /** The router state the previous screen passed. */
  state?: unknown;
  /** What the host mounts around the routes (e.g. a hook of the shell). */
  shell?: ReactNode;
}

/**
 * Renders a screen as the host does: in StrictMode, inside the portal's one jotai store (new for
 * every test, see setup.ts) and a router at `path`, and again in new words after a language
 * switch (language.ts). Any other path renders `Landed`, so a test
 * reads where the screen went with `landed()`.
 */
export function renderScreen(ui: ReactElement, { path = '/', state, shell }: RenderOptions = {}) {
  const store = portalStore;
  const result = render(
    <StrictMode>
      <Provider store={store}>
        <MemoryRouter initialEntries={[{ pathname: path, state }]}>
          {shell}
          <Routes>
            <Route path={path} element={<InLocale ui={ui} />} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
  return { ...result, store };
}

/** Where the screen went: the `Landed` marker of a path other than the screen's own. */
export const landed = (): HTMLElement => screen.getByTestId('landed');
