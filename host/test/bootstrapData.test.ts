import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { knownRemotePlans, planFromManifest } from '../src/federation/remotePlan';
import { readBootstrapData } from '../src/startup/bootstrapData';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('portal');
  const block = doc.createElement('script');
  block.type = 'application/json';
  block.id = 'portal-bootstrap';
  block.textContent = json;
  doc.head.append(block);
  return doc;
}

/** sha384 computed here with Node's crypto, independently of the code under test. */
const sha384 = (bytes: string) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

const plan = {
  version: 1,
  remotes: {
    remote_login: {
      manifest: '/remotes/remote-login/1/mf-manifest.json',
      integrity: sha384('manifest'),
      entry: '/remotes/remote-login/1/remoteEntry.js',
      files: { '/remotes/remote-login/1/remoteEntry.js': sha384('entry') },
    },
    stranger: { manifest: '/x/mf-manifest.json', integrity: sha384('x') },
  },
  environment: { baseServiceUrl: 'https://sso.example/default/', riskType: 'RSARISK' },
};

describe('start-up data in the page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the block the portal server wrote', () => {
    expect(readBootstrapData(pageWith(JSON.stringify(plan)))).toEqual(plan);
  });

  it('is absent without the block, and ignored (with a warning) when it does not parse', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(readBootstrapData(document.implementation.createHTMLDocument('bare'))).toBeNull();
    expect(readBootstrapData(pageWith('{not json'))).toBeNull();
    expect(readBootstrapData(pageWith(JSON.stringify({ ...plan, version: 2 })))).toBeNull();
    expect(
      readBootstrapData(
        pageWith(
          JSON.stringify({
            ...plan,
            remotes: { remote_login: { manifest: 'javascript:alert(1)', integrity: sha384('x') } },
          }),
        ),
      ),
    ).toBeNull();
    expect(
      readBootstrapData(
        pageWith(
          JSON.stringify({ ...plan, remotes: { remote_login: { manifest: '/remotes/x/mf-manifest.json' } } }),
        ),
      ),
    ).toBeNull();
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('keeps only the remotes the host routes to, with absolute URLs', () => {
    const plans = knownRemotePlans(plan.remotes);
    expect(Object.keys(plans)).toEqual(['remote_login']);
    expect(plans.remote_login?.entry).toBe(`${window.location.origin}/remotes/remote-login/1/remoteEntry.js`);
    expect(plans.remote_login?.files).toEqual({
      [`${window.location.origin}/remotes/remote-login/1/remoteEntry.js`]: sha384('entry'),
    });
    expect(plans.remote_login?.integrity).toBe(sha384('manifest'));
  });
});

describe('a remote plan read from its manifest (no server plan)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const serve = (text: string, status = 200) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(text, { status })),
    );

  const manifest = JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ path: './Otp', assets: { js: { sync: ['otp.js'] }, css: { sync: ['otp.css'] } } }],
    integrity: {
      'remoteEntry.js': sha384('entry'),
      'otp.js': sha384('otp.js'),
      'otp.css': sha384('otp.css'),
    },
  });
  const url = 'https://cdn.example/remote-factors/2/mf-manifest.json';

  it('checks the manifest’s sha384, then finds the entry and the hashes of every file it names', async () => {
    serve(manifest);
    const resolved = await planFromManifest(url, sha384(manifest));
    expect(resolved.entry).toBe('https://cdn.example/remote-factors/2/remoteEntry.js');
    expect(resolved.files).toEqual({
      'https://cdn.example/remote-factors/2/remoteEntry.js': sha384('entry'),
      'https://cdn.example/remote-factors/2/otp.js': sha384('otp.js'),
      'https://cdn.example/remote-factors/2/otp.css': sha384('otp.css'),
    });
  });

  it('refuses a manifest whose bytes are not the ones remotes.json names, even by one space', async () => {
    serve(`${manifest} `);
    await expect(planFromManifest(url, sha384(manifest))).rejects.toThrow(/does not match its integrity/);
  });

  it('refuses a manifest that gives no hash for a file it names', async () => {
    const partial = JSON.stringify({
      ...JSON.parse(manifest),
      integrity: { 'remoteEntry.js': sha384('entry') },
    });
    serve(partial);
    await expect(planFromManifest(url, sha384(partial))).rejects.toThrow(/no sha384 for otp\.js/);
  });

  it('refuses a reply that is not a manifest, and an HTTP failure', async () => {
    const hello = JSON.stringify({ hello: 'world' });
    serve(hello);
    await expect(planFromManifest(url, sha384(hello))).rejects.toThrow(/not a manifest/);
    serve('{}', 404);
    await expect(planFromManifest(url, sha384('{}'))).rejects.toThrow(/HTTP 404/);
  });
});
