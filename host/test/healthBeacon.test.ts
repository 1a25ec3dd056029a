import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_DELAY_MS, BeaconQueue, sendBeacon } from '../src/health/beaconQueue';
import { releaseOfManifest } from '../src/health/healthEvents';
import { blamedBuild } from '../src/health/pageErrors';

const HELP = { remote: 'remote_help', release: '1.0.0-3f2a9c1d0e' };
const LOGIN = { remote: 'remote_login', release: '1.0.0-0a1b2c3d4e' };

describe('the health beacon queue', () => {
  let sent: { url: string; body: unknown }[];
  let queue: BeaconQueue;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    queue = new BeaconQueue((url, body) => sent.push({ url, body: JSON.parse(body) }));
  });
  afterEach(() => vi.useRealTimers());

  it('sends loaded once per build, each error kind once, the first error marked, in one batch a second later', () => {
    queue.used(HELP);
    queue.used(HELP);
    queue.error(HELP, 'boundary');
    queue.error(HELP, 'boundary');
    queue.error(HELP, 'unhandled');
    queue.vital(HELP, 'lcp', 1234.5678);
    queue.vital(HELP, 'lcp', 4000);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(BATCH_DELAY_MS);
    expect(sent).toEqual([
      {
        url: '/v1/beacon',
        body: {
          events: [
            { ...HELP, kind: 'loaded' },
            { ...HELP, kind: 'boundary', first: true },
            { ...HELP, kind: 'unhandled' },
            { ...HELP, kind: 'lcp', value: 1234.568 },
          ],
        },
      },
    ]);
    queue.used(HELP);
    queue.error(HELP, 'boundary');
    vi.advanceTimersByTime(BATCH_DELAY_MS * 5);
    expect(sent).toHaveLength(1);
  });

  it('drops events of a build the page never used, and vitals that are no number', () => {
    queue.error(LOGIN, 'load-failed');
    queue.vital(LOGIN, 'cls', 0.1);
    queue.used(HELP);
    queue.vital(HELP, 'inp', Number.NaN);
    queue.flush();
    expect(sent).toEqual([{ url: '/v1/beacon', body: { events: [{ ...HELP, kind: 'loaded' }] } }]);
  });

  it('sends at once on flush (the page is hidden), at most 16 events a beacon', () => {
    for (let n = 0; n < 20; n += 1) queue.used({ remote: 'remote_help', release: `1.0.${n}-abc` });
    queue.flush();
    expect(sent.map(({ body }) => (body as { events: unknown[] }).events.length)).toEqual([16, 4]);
  });
});

describe('sendBeacon', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uses navigator.sendBeacon with the JSON as text, and a keepalive fetch when the browser refuses it', () => {
    const beacon = vi.fn(() => false);
    const fetchCall = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('navigator', { sendBeacon: beacon });
    vi.stubGlobal('fetch', fetchCall);
    sendBeacon('/v1/beacon', '{"events":[]}');
    expect(beacon).toHaveBeenCalledWith('/v1/beacon', '{"events":[]}');
    expect(fetchCall).toHaveBeenCalledWith(
      '/v1/beacon',
      expect.objectContaining({ method: 'POST', body: '{"events":[]}', keepalive: true }),
    );
    beacon.mockReturnValue(true);
    sendBeacon('/v1/beacon', '{}');
    expect(fetchCall).toHaveBeenCalledTimes(1);
  });
});

describe('which build an error or a manifest names', () => {
  it('reads the release from the manifest’s folder', () => {
    expect(
      releaseOfManifest('http://localhost:8080/remotes/remote-help/1.0.0-3f2a9c1d0e/mf-manifest.json'),
    ).toBe('1.0.0-3f2a9c1d0e');
  });

  it('blames the build whose folder the failing script came from, else the screen shown, else nobody', () => {
    const used = [LOGIN, HELP];
    const stack =
      'Error\n    at x (http://localhost/remotes/remote-help/1.0.0-3f2a9c1d0e/__federation_expose_Help.js:1:9)';
    expect(blamedBuild(stack, used, LOGIN)).toEqual(HELP);
    expect(blamedBuild('http://localhost/main.1234.js', used, LOGIN)).toEqual(LOGIN);
    expect(blamedBuild('', used, undefined)).toBeUndefined();
  });
});
