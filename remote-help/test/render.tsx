import { defaultPortalConfig, type PortalConfig, portalConfigAtom } from '@portal/shared/config/portalConfig';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';

type Store = ReturnType<typeof createStore>;

/** A configuration as the portal server would send it; the numbers exist only in this test file. */
export function testConfig(
  audience: PortalConfig['audience'],
  overrides: Partial<PortalConfig> = {},
): PortalConfig {
  return {
    ...defaultPortalConfig,
    audience,
    support: {
      email: 'unlock-test@example.org',
      phones: {
        clients: [
          { region: 'US', number: '+1 (212) 555-0105' },
          { region: 'Asia Pacific Toll Free', number: '+800 1111 0101' },
          { region: 'Asia Pacific', number: '+65 1111 0102' },
          { region: 'Europe', number: '+44 20 1111 0103' },
          { region: 'US Toll Free', number: '+1 800 111 0104' },
        ],
        employees: [
          { region: 'Asia Pacific', number: '+65 2222 0201' },
          { region: 'Europe', number: '+44 20 2222 0202' },
          { region: 'US Toll Free', number: '+1 800 222 0203' },
        ],
      },
    },
    ...overrides,
  };
}

/** Renders a screen as the host does: inside the one jotai store and a router. */
export function renderScreen(
  ui: ReactElement,
  { config, store = createStore(), path = '/' }: { config: PortalConfig; store?: Store; path?: string },
) {
  store.set(portalConfigAtom, config);
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}
