import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { describe, expect, it } from 'vitest';
import { fetchRemotesConfig } from '../src/federation/remotesConfig';

/** The portal server's remotes.json, read fresh every time (no-store). */
function serve(json: unknown, status = 200) {
  return fakeServer().on('GET', 'remotes.json', { status, json });
}

describe('fetchRemotesConfig', () => {
  const integrity = `sha384-${'x'.repeat(64)}`;

  it('resolves manifest URLs against the page, keeps their integrity and only known remotes', async () => {
    const server = serve({
      remote_login: { manifest: '/remotes/remote-login/1/mf-manifest.json', integrity },
      other: { manifest: '/x.json', integrity },
    });
    const config = await fetchRemotesConfig();
    expect(server.requests.map((request) => request.url)).toEqual(['/remotes.json']);
    expect(config).toEqual({
      remote_login: {
        manifest: `${window.location.origin}/remotes/remote-login/1/mf-manifest.json`,
        integrity,
      },
    });
  });

  it.each([
    [
      'a URL that is not an http(s) manifest',
      { remote_login: { manifest: 'javascript:alert(1)', integrity } },
    ],
    ['a bare manifest URL, without integrity', { remote_login: '/remotes/remote-login/1/mf-manifest.json' }],
    ['an integrity that is not sha384', { remote_login: { manifest: '/m.json', integrity: 'sha256-abc' } }],
  ])('refuses a configuration with %s', async (_what, json) => {
    serve(json);
    await expect(fetchRemotesConfig()).rejects.toThrow(/invalid/);
  });

  it('reports an HTTP failure', async () => {
    serve({}, 503);
    await expect(fetchRemotesConfig()).rejects.toThrow(/503/);
  });
});
