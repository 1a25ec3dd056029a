import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchRemotesConfig } from '../src/federation/remotesConfig';

function serve(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

describe('fetchRemotesConfig', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves manifest URLs against the page and keeps only known remotes', async () => {
    serve({ remote_login: '/remotes/remote-login/1/mf-manifest.json', other: '/x.json' });
    const config = await fetchRemotesConfig();
    expect(config).toEqual({
      remote_login: `${window.location.origin}/remotes/remote-login/1/mf-manifest.json`,
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
