import { defaultPortalConfig, type PortalConfig, portalConfigAtom } from '@portal/shared/config';
import { portalStore } from '@portal/shared/session';
import { renderScreen as renderSharedScreen } from '@portal/shared/test-support/render';
import type { ReactElement } from 'react';

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

/** The shared render helper, with the portal configuration the screen reads set first. */
export function renderScreen(ui: ReactElement, { config, path }: { config: PortalConfig; path?: string }) {
  portalStore.set(portalConfigAtom, config);
  return renderSharedScreen(ui, { path });
}
