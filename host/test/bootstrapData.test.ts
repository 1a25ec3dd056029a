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

const plan = {
  version: 1,
  remotes: {
    remote_login: {
      manifest: '/remotes/remote-login/1/mf-manifest.json',
      entry: '/remotes/remote-login/1/remoteEntry.js',
      exposes: {
        './UserId': { js: ['/remotes/remote-login/1/u.js'], css: ['/remotes/remote-login/1/u.css'] },
      },
    },
    stranger: { manifest: '/x/mf-manifest.json' },
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
        pageWith(JSON.stringify({ ...plan, remotes: { remote_login: { manifest: 'javascript:alert(1)' } } })),
      ),
    ).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('keeps only the remotes the host routes to, with absolute URLs', () => {
    const plans = knownRemotePlans(plan.remotes);
    expect(Object.keys(plans)).toEqual(['remote_login']);
    expect(plans.remote_login?.entry).toBe(`${window.location.origin}/remotes/remote-login/1/remoteEntry.js`);
    expect(plans.remote_login?.exposes?.['./UserId']?.css).toEqual([
      `${window.location.origin}/remotes/remote-login/1/u.css`,
    ]);
  });
});

describe('a remote plan read from its manifest (no server plan)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const serve = (body: unknown, status = 200) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status })),
    );

  it('finds the container entry and each expose’s files beside the manifest', async () => {
    serve({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './Otp', assets: { js: { sync: ['otp.js'] }, css: { sync: ['otp.css'] } } }],
    });
    const resolved = await planFromManifest('https://cdn.example/remote-factors/2/mf-manifest.json');
    expect(resolved.entry).toBe('https://cdn.example/remote-factors/2/remoteEntry.js');
    expect(resolved.exposes?.['./Otp']).toEqual({
      js: ['https://cdn.example/remote-factors/2/otp.js'],
      css: ['https://cdn.example/remote-factors/2/otp.css'],
    });
  });

  it('refuses a reply that is not a manifest, and an HTTP failure', async () => {
    serve({ hello: 'world' });
    await expect(planFromManifest('https://cdn.example/m.json')).rejects.toThrow(/not a manifest/);
    serve({}, 404);
    await expect(planFromManifest('https://cdn.example/m.json')).rejects.toThrow(/HTTP 404/);
  });
});
