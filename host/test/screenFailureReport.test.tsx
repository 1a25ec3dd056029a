import { portalStore } from '@portal/shared/session';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemoteScreen } from '../src/federation/RemoteScreen';
import { preloadScreen } from '../src/federation/screenCache';
import { BATCH_DELAY_MS } from '../src/health/beaconQueue';
import { SCREEN_USABLE_WITHIN_MS } from '../src/health/pageHealth';

const RELEASE = '1.0.0-3f2a9c1d0e';

/** A canary build's screen that throws on every render. */
function Broken(): never {
  throw new Error('Help renders broken');
}

vi.mock('../src/federation/loadScreen', async (original) => ({
  ...(await original<typeof import('../src/federation/loadScreen')>()),
  loadScreen: async () => ({ default: Broken }),
}));
vi.mock('../src/federation/remoteRegistry', () => ({
  plannedManifest: () => `/remotes/remote-help/${RELEASE}/mf-manifest.json`,
  resetRemote: () => undefined,
}));

describe('canary analysis of a screen that fails as it first shows', () => {
  let beacons: unknown[][];
  beforeEach(() => {
    beacons = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: string) => {
        beacons.push((JSON.parse(body) as { events: unknown[] }).events);
        return true;
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts the session with its error, once, when the code had arrived before the first render', async () => {
    // The page preloaded the screen: it renders, and throws, in the commit that mounts the route.
    await preloadScreen('remote_help', './Help');
    vi.useFakeTimers();
    render(
      <Provider store={portalStore}>
        <MemoryRouter>
          <RemoteScreen remote="remote_help" expose="./Help" />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByText('Unable to handle the request', { exact: false })).toBeTruthy();
    vi.advanceTimersByTime(BATCH_DELAY_MS + SCREEN_USABLE_WITHIN_MS);
    const build = { remote: 'remote_help', release: RELEASE };
    expect(beacons.flat()).toEqual([
      { ...build, kind: 'loaded' },
      { ...build, kind: 'boundary', first: true },
    ]);
  });
});
