import { fakeServer } from '@portal/shared/test-support/fakeServer';
import { describe, expect, it } from 'vitest';
import { fetchRemotesConfig } from '../src/federation/remotesConfig';

/** The portal server's remotes.json, read fresh every time (no-store). */
function serve(json: unknown, status = 200) {
  return fakeServer().on('GET', 'remotes.json', { status, json });
}

describe('fetchRemotesConfig', () => {
  it('resolves manifest URLs against the page and keeps only known remotes', async () => {
    const server = serve({ remote_login: '/remotes/remote-login/1/mf-manifest.json', other: '/x.json' });
    const config = await fetchRemotesConfig();
    expect(server.requests.map((request) => request.url)).toEqual(['/remotes.json']);
    expect(config).toEqual({
      remote_login: `${window.location.origin}/remotes/remote-login/1/mf-manifest.json`,
    });
  });

  it('reads the object form the portal server sends (manifest and integrity)', async () => {
    serve({
      remote_factors: { manifest: '/remotes/remote-factors/2/mf-manifest.json', integrity: 'sha384-x' },
    });
    expect(await fetchRemotesConfig()).toEqual({
      remote_factors: `${window.location.origin}/remotes/remote-factors/2/mf-manifest.json`,
    });
  });

  it('refuses a configuration whose URL is not an http(s) manifest', async () => {
    serve({ remote_login: 'javascript:alert(1)' });
    await expect(fetchRemotesConfig()).rejects.toThrow(/invalid/);
  });

  it('reports an HTTP failure', async () => {
    serve({}, 503);
    await expect(fetchRemotesConfig()).rejects.toThrow(/503/);
  });
});
