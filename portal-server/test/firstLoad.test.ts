import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ForeignManifests } from '../src/firstLoad/foreignManifests.js';
import { buildServer } from '../src/server.js';
import {
  bootstrapOf,
  FACTORS_V1,
  fileHash,
  HOST_PLAN,
  LOGIN_V1,
  LOGIN_V2,
  manifest,
  preloadsOf,
  releaseEntries,
  remotesOf,
  TEMPLATE,
  writeFirstLoadFixture,
  writeRelease,
} from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, remoteEntry, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';
import { startUpstreamStub, type UpstreamStub } from './helpers/upstreamStub.js';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const login = (folder: string) => `/remotes/${folder}`;

const hostPreloads = [
  { as: 'script', href: '/frameworks.ab12cd34ef.js', crossorigin: false },
  { as: 'script', href: '/portal-shared.0123456789.js', crossorigin: false },
  { as: 'script', href: '/802.3fcfeab54a.js', crossorigin: false },
  { as: 'style', href: '/802.f09d3d705f.css', crossorigin: false },
];

/** The login screen's first call, preloaded as the page's fetch will make it (CORS mode). */
const clientTokenPreload = { as: 'fetch', href: '/v1/token/generate/client_token', crossorigin: true };

/** The page's order: its stylesheets first (they hold the first paint), then the rest as planned. */
const inPageOrder = (preloads: readonly { as: string }[]) => [
  ...preloads.filter((preload) => preload.as === 'style'),
  ...preloads.filter((preload) => preload.as !== 'style'),
];

/** A remote's file as the page preloads it: with CORS and its sha384, as the script will request it. */
const remoteFile = (base: string, name: string, as: 'script' | 'style') => ({
  as,
  href: `${base}/${name}`,
  crossorigin: true,
  integrity: fileHash(name),
});

function screenPreloads(folder: string, expose: string, hash: string) {
  return [
    remoteFile(login(folder), 'remoteEntry.js', 'script'),
    remoteFile(login(folder), `__federation_expose_${expose}.${hash}.js`, 'script'),
    remoteFile(login(folder), `__federation_expose_${expose}.${hash}.css`, 'style'),
  ];
}

const entryOf = (folder: string) => {
  const entry = releaseEntries.get(folder);
  if (!entry) throw new Error(`no release ${folder}`);
  return entry;
};

describe('the first-load plan in index.html', () => {
  let dirs: FixtureDirs;
  let logs: LogCapture;
  let app: FastifyInstance;
  let foreign: UpstreamStub | undefined;

  const start = async (foreignManifests?: ForeignManifests, remoteOrigins: string[] = []) => {
    app = await buildServer(testConfig(dirs, { remoteOrigins }), {
      logStream: logs,
      ...(foreignManifests ? { foreignManifests } : {}),
    });
  };
  const page = async (url: string) => {
    const response = await app.inject({ url, headers: html });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const warnings = (msg: string) =>
    logs.entries().filter((entry) => entry.level === 40 && String(entry.msg).includes(msg));

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    logs = new LogCapture();
    foreign = undefined;
  });

  afterEach(async () => {
    await app.close();
    await foreign?.close();
    dirs.cleanup();
  });

  it('preloads the host chunks and the User ID screen on /direct, before main.js', async () => {
    await start();
    const response = await page('/direct');
    expect(preloadsOf(response.body)).toEqual(
      inPageOrder([...hostPreloads, ...screenPreloads(LOGIN_V1, 'UserId', 'e5d50b127d'), clientTokenPreload]),
    );
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head.indexOf('<link rel="preload"')).toBeGreaterThan(0);
    expect(head.indexOf('id="portal-bootstrap"')).toBeLessThan(head.indexOf('src="/main.49444929d6.js"'));
    expect(head.lastIndexOf('<link rel="preload"')).toBeLessThan(head.indexOf('src="/main.49444929d6.js"'));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('asks for the stylesheets first, then main.js, the host, the screen, the renderer and the client token', async () => {
    writeFileSync(
      path.join(dirs.hostDist, 'first-load.json'),
      JSON.stringify({
        ...HOST_PLAN,
        entry: '/main.49444929d6.js',
        last: { js: ['/renderer.7777777777.js'], css: [] },
      }),
    );
    await start();
    const main = { as: 'script', href: '/main.49444929d6.js', crossorigin: false };
    const renderer = { as: 'script', href: '/renderer.7777777777.js', crossorigin: false };
    const hostStyle = { as: 'style', href: '/802.f09d3d705f.css', crossorigin: false };
    const hostScripts = hostPreloads.filter((preload) => preload.as === 'script');
    const [entry, screenScript, screenStyle] = screenPreloads(LOGIN_V1, 'UserId', 'e5d50b127d');
    expect(preloadsOf((await page('/direct')).body)).toEqual([
      hostStyle,
      screenStyle,
      main,
      ...hostScripts,
      entry,
      screenScript,
      renderer,
      clientTokenPreload,
    ]);
    // Every page renders: the renderer is asked for on a page with no screen too.
    expect(preloadsOf((await page('/nowhere')).body)).toEqual([hostStyle, main, ...hostScripts, renderer]);
  });

  it('preloads the deferred host chunks only for screens other than landing and login start', async () => {
    await start();
    const deferred = [
      { as: 'script', href: '/portal-shared-deferred.5555555555.js', crossorigin: false },
      { as: 'style', href: '/portal-shared-deferred.6666666666.css', crossorigin: false },
    ];
    const onDirect = preloadsOf((await page('/direct')).body);
    const onHome = preloadsOf((await page('/')).body);
    const onSignedOut = preloadsOf((await page('/signed-out')).body);
    for (const preload of deferred) {
      expect(onDirect).not.toContainEqual(preload);
      expect(onHome).not.toContainEqual(preload);
      expect(onSignedOut).toContainEqual(preload);
    }
  });

  it('reads a plan without deferred chunks (a host built before they existed)', async () => {
    const { deferred: _, ...older } = HOST_PLAN;
    writeFileSync(path.join(dirs.hostDist, 'first-load.json'), JSON.stringify(older));
    await start();
    expect(preloadsOf((await page('/direct')).body)).toEqual(
      inPageOrder([...hostPreloads, ...screenPreloads(LOGIN_V1, 'UserId', 'e5d50b127d'), clientTokenPreload]),
    );
  });

  it('preloads the client token only for a screen whose route starts a login', async () => {
    await start();
    expect(preloadsOf((await page('/direct')).body)).toContainEqual(clientTokenPreload);
    expect(preloadsOf((await page('/')).body)).not.toContainEqual(clientTokenPreload);
    expect(preloadsOf((await page('/signed-out')).body)).not.toContainEqual(clientTokenPreload);
    // A guarded route opened afresh shows the home screen (the landing): no login starts there.
    expect(preloadsOf((await page('/sotp')).body)).not.toContainEqual(clientTokenPreload);
  });

  it('reads an older host plan that still carries routes: the routes come from the remotes now', async () => {
    writeFileSync(
      path.join(dirs.hostDist, 'first-load.json'),
      JSON.stringify({
        ...HOST_PLAN,
        routes: [{ path: '/direct', guard: 'A', remote: 'remote_login', expose: './Landing' }],
        homePath: '/',
      }),
    );
    await start();
    expect(preloadsOf((await page('/direct')).body)).toEqual(
      inPageOrder([...hostPreloads, ...screenPreloads(LOGIN_V1, 'UserId', 'e5d50b127d'), clientTokenPreload]),
    );
  });

  it('inlines remotes, environment, portal config and contributions exactly as their endpoints answer them', async () => {
    await start();
    // The not-found page (no screen of its own) describes every remote in full.
    const bootstrap = bootstrapOf((await page('/nowhere')).body);
    const environment = (await app.inject({ url: '/v1/config/environment' })).json();
    const portalConfig = (await app.inject({ url: '/v1/config/portal' })).json();
    const contributions = (await app.inject({ url: '/v1/config/contributions' })).json();
    expect(bootstrap).toEqual({
      version: 1,
      remotes: {
        remote_login: {
          manifest: `${login(LOGIN_V1)}/mf-manifest.json`,
          integrity: entryOf(LOGIN_V1).integrity,
          entry: `${login(LOGIN_V1)}/remoteEntry.js`,
          files: { [`${login(LOGIN_V1)}/remoteEntry.js`]: fileHash('remoteEntry.js') },
        },
        remote_factors: {
          manifest: `/remotes/${FACTORS_V1}/mf-manifest.json`,
          integrity: entryOf(FACTORS_V1).integrity,
          entry: `/remotes/${FACTORS_V1}/sub/remoteEntry.js`,
          files: { [`/remotes/${FACTORS_V1}/sub/remoteEntry.js`]: fileHash('sub/remoteEntry.js') },
        },
      },
      environment,
      portalConfig,
      contributions,
    });
    // remotes.json's order, each claim naming its remote.
    expect((contributions as { routes: { path: string; remote: string }[] }).routes).toEqual([
      expect.objectContaining({ path: '/', remote: 'remote_login' }),
      expect.objectContaining({ path: '/direct', remote: 'remote_login', startsLogin: true }),
      expect.objectContaining({ path: '/verify', remote: 'remote_login' }),
      expect.objectContaining({ path: '/signed-out', remote: 'remote_login' }),
      expect.objectContaining({ path: '/sotp', remote: 'remote_factors' }),
    ]);
  });

  it("describes in full only the first screen's remote", async () => {
    await start();
    // '/' leads to '/direct' (remote_login): remote_factors is named by its manifest only, and the
    // host reads that manifest itself when a screen of it is first needed.
    const landing = remotesOf((await page('/')).body);
    expect(Object.keys(landing.remote_login ?? {}).sort()).toEqual(
      ['entry', 'files', 'integrity', 'manifest'].sort(),
    );
    // Of its files, only the entry's sha384 (the host's runtime loads that one itself; the remote's
    // own runtime carries the hashes of its chunks, the page's preloads those of the first screen).
    expect(landing.remote_login?.files).toEqual({
      [`/remotes/${LOGIN_V1}/remoteEntry.js`]: expect.stringMatching(/^sha384-/),
    });
    expect(landing.remote_factors).toEqual({
      manifest: `/remotes/${FACTORS_V1}/mf-manifest.json`,
      integrity: entryOf(FACTORS_V1).integrity,
    });
    // '/direct' leads to '/sotp' too: remote_factors is still named by its manifest only (the host
    // reads it while it prefetches that screen, after the first screen runs).
    const direct = remotesOf((await page('/direct')).body);
    expect(direct.remote_factors).toEqual({
      manifest: `/remotes/${FACTORS_V1}/mf-manifest.json`,
      integrity: entryOf(FACTORS_V1).integrity,
    });
    // A page with no screen of its own (the host's not-found page) keeps every remote in full.
    const unknown = remotesOf((await page('/no-such-page')).body);
    expect(unknown.remote_factors?.files).toBeDefined();
  });

  it.each([
    ['/verify', 'guard C'],
    ['/sotp', 'guard B'],
  ])('preloads the home screen for %s (%s): a fresh page has no session and is sent home', async (url) => {
    await start();
    expect(preloadsOf((await page(url)).body)).toEqual(
      inPageOrder([...hostPreloads, ...screenPreloads(LOGIN_V1, 'Landing', 'e5d50b127d')]),
    );
  });

  it('matches a route with a trailing slash and ignores the query', async () => {
    await start();
    expect(preloadsOf((await page('/direct/?x-flow-state=abc')).body)).toEqual(
      inPageOrder([...hostPreloads, ...screenPreloads(LOGIN_V1, 'UserId', 'e5d50b127d'), clientTokenPreload]),
    );
  });

  it('preloads no remote on an unknown path (the SPA shows Page Not Found), but still bootstraps', async () => {
    await start();
    const body = (await page('/nowhere')).body;
    expect(preloadsOf(body)).toEqual(inPageOrder(hostPreloads));
    expect(bootstrapOf(body)?.remotes).toHaveProperty('remote_login');
  });

  it('follows remotes.json: a promoted release is in the very next page, no restart', async () => {
    await start();
    expect(preloadsOf((await page('/direct')).body)).toContainEqual(
      screenPreloads(LOGIN_V1, 'UserId', 'x')[0],
    );
    dirs.writeRemotesConfig({ remote_login: entryOf(LOGIN_V2) });
    const body = (await page('/direct')).body;
    expect(preloadsOf(body)).toEqual(
      inPageOrder([...hostPreloads, ...screenPreloads(LOGIN_V2, 'UserId', 'f00dfeed42'), clientTokenPreload]),
    );
    expect(Object.keys(bootstrapOf(body)?.remotes ?? {})).toEqual(['remote_login']);
    expect(body).not.toContain(LOGIN_V1);
  });

  it('sees a re-staged manifest (cached by stat, not forever)', async () => {
    await start();
    await page('/direct');
    const restaged = writeRelease(dirs, LOGIN_V1, manifest('remote_login', ['UserId'], 'abcabcabc1'));
    dirs.writeRemotesConfig({ remote_login: restaged });
    expect(preloadsOf((await page('/direct')).body)).toContainEqual(
      remoteFile(login(LOGIN_V1), '__federation_expose_UserId.abcabcabc1.js', 'script'),
    );
  });

  it('plans nothing from a manifest whose bytes do not match remotes.json (tampered), and warns once', async () => {
    await start();
    await page('/direct');
    // Same folder, same remotes.json: only the manifest's bytes changed.
    writeRelease(dirs, LOGIN_V1, manifest('remote_login', ['Landing', 'UserId', 'Password'], 'bad0bad0ba'));
    const body = (await page('/direct')).body;
    await page('/direct');
    // Without a usable manifest, remote_login's routes are not live either: /direct has no screen.
    expect(preloadsOf(body)).toEqual(inPageOrder(hostPreloads));
    expect(body).not.toContain('bad0bad0ba');
    // The host is told the manifest and its expected hash only: it checks the manifest itself and
    // shows the remote-failure banner.
    expect(remotesOf(body).remote_login).toEqual(entryOf(LOGIN_V1));
    const warned = warnings('remote manifest unusable');
    expect(warned).toHaveLength(1);
    expect(String(warned[0]?.reason)).toContain(entryOf(LOGIN_V1).integrity);
  });

  it('plans nothing from a manifest that lacks the hash of a file it names', async () => {
    const content = manifest('remote_login', ['UserId'], 'e5d50b127d') as {
      integrity: Record<string, string>;
    };
    delete content.integrity['__federation_expose_UserId.e5d50b127d.css'];
    dirs.writeRemotesConfig({ remote_login: writeRelease(dirs, LOGIN_V1, content) });
    await start();
    const body = (await page('/direct')).body;
    // Without a usable manifest, remote_login's routes are not live either: /direct has no screen.
    expect(preloadsOf(body)).toEqual(inPageOrder(hostPreloads));
    expect(remotesOf(body).remote_login).not.toHaveProperty('entry');
    expect(String(warnings('remote manifest unusable')[0]?.reason)).toContain('has no hash');
  });

  it('plans nothing from a manifest whose publicPath puts the files on an origin not pinned', async () => {
    const content = manifest('remote_login', ['UserId'], 'e5d50b127d') as { metaData: object };
    content.metaData = { ...content.metaData, publicPath: 'https://evil.example.net/x/' };
    dirs.writeRemotesConfig({ remote_login: writeRelease(dirs, LOGIN_V1, content) });
    await start();
    const body = (await page('/direct')).body;
    // Without a usable manifest, remote_login's routes are not live either: /direct has no screen.
    expect(preloadsOf(body)).toEqual(inPageOrder(hostPreloads));
    expect(body).not.toContain('evil.example.net');
  });

  it.each([
    ['not JSON', '{"metaData":'],
    ['not a manifest', { id: 'remote_login' }],
  ])('serves the page without a remote whose manifest is %s, and warns once', async (_what, content) => {
    writeRelease(dirs, LOGIN_V1, content);
    await start();
    const body = (await page('/direct')).body;
    await page('/direct');
    // Without a usable manifest, remote_login's routes are not live either: /direct has no screen.
    expect(preloadsOf(body)).toEqual(inPageOrder(hostPreloads));
    const remotes = remotesOf(body);
    expect(remotes.remote_login).toEqual(entryOf(LOGIN_V1));
    expect(remotes.remote_factors).toHaveProperty('entry');
    expect(warnings('remote manifest unusable')).toHaveLength(1);
  });

  it('never reads a manifest outside a release folder of RELEASES_DIR', async () => {
    writeFileSync(
      path.join(dirs.root, 'mf-manifest.json'),
      JSON.stringify(manifest('x', ['UserId'], 'deadbeef00')),
    );
    dirs.writeRemotesConfig({
      remote_login: remoteEntry('/remotes/remote-login/%2e%2e/%2e%2e/%2e%2e/mf-manifest.json'),
      remote_factors: remoteEntry('/remotes/..%2f..%2fmf-manifest.json'),
    });
    await start();
    const body = (await page('/direct')).body;
    // Without a usable manifest, remote_login's routes are not live either: /direct has no screen.
    expect(preloadsOf(body)).toEqual(inPageOrder(hostPreloads));
    expect(body).not.toContain('deadbeef00');
  });

  it('has an empty remotes map when remotes.json is unreadable', async () => {
    rmSync(dirs.remotesConfigFile);
    await start();
    const body = (await page('/direct')).body;
    // Without a usable manifest, remote_login's routes are not live either: /direct has no screen.
    expect(preloadsOf(body)).toEqual(inPageOrder(hostPreloads));
    expect(bootstrapOf(body)?.remotes).toEqual({});
  });

  it('escapes hostile names and URLs so they can never close the element or an attribute', async () => {
    const evil = '</script><script>alert(1)</script>';
    const folder = 'remote-login/1.0.0-evil';
    const hostileEntry = writeRelease(dirs, folder, {
      ...(manifest('remote_login', [], '0') as object),
      integrity: {
        'remoteEntry.js': fileHash('remoteEntry.js'),
        [`a"b${evil}.js`]: fileHash(`a"b${evil}.js`),
      },
      exposes: [
        {
          path: `./UserId`,
          assets: {
            js: { sync: [`a"b${evil}.js`], async: [] },
            css: { sync: [], async: [] },
          },
        },
        { path: `./x"${evil}`, assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } },
      ],
    });
    const hostileUrl = `/remotes/x"${evil}/mf-manifest.json`;
    dirs.writeRemotesConfig({ remote_login: hostileEntry, remote_help: remoteEntry(hostileUrl) });
    await start();
    const body = (await page('/direct')).body;
    expect(body).not.toContain('<script>alert(1)');
    expect(body.match(/<script/g)).toHaveLength(2); // the bootstrap block and main.js
    const remotes = remotesOf(body);
    expect(remotes.remote_help?.manifest).toBe(hostileUrl);
    expect(remotes.remote_login?.entry).toBe(`/remotes/${folder}/remoteEntry.js`);
    for (const preload of preloadsOf(body)) {
      expect(preload.href.startsWith('/')).toBe(true);
      expect(preload.href).not.toMatch(/["<>]/);
    }
  });

  it('escapes U+2028/2029 and & in the bootstrap JSON and still parses back to the same values', async () => {
    dirs.writeRemotesConfig({ remote_login: remoteEntry('/remotes/a/b/x\u2028y&z.json') });
    await start();
    const body = (await page('/direct')).body;
    expect(body).not.toMatch(/[\u2028\u2029]/);
    expect(body).toContain('\\u2028');
    expect(body).toContain('\\u0026');
    expect(remotesOf(body).remote_login?.manifest).toBe('/remotes/a/b/x\u2028y&z.json');
  });

  it('fetches a manifest on a pinned origin: every file preloaded with crossorigin and its hash', async () => {
    foreign = await startUpstreamStub('/');
    const devServer = foreign.baseUrl.replace(/\/$/, '');
    const text = JSON.stringify(manifest('remote_login', ['UserId'], 'cafe123456'));
    foreign.handle((request, response) => {
      if (request.url !== '/mf-manifest.json') return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(text);
    });
    dirs.writeRemotesConfig({ remote_login: remoteEntry(`${devServer}/mf-manifest.json`, text) });
    await start(undefined, [devServer]);
    const body = (await page('/direct')).body;
    expect(preloadsOf(body)).toEqual(
      inPageOrder([
        ...hostPreloads,
        remoteFile(devServer, 'remoteEntry.js', 'script'),
        remoteFile(devServer, '__federation_expose_UserId.cafe123456.js', 'script'),
        remoteFile(devServer, '__federation_expose_UserId.cafe123456.css', 'style'),
        clientTokenPreload,
      ]),
    );
    expect(remotesOf(body).remote_login?.entry).toBe(`${devServer}/remoteEntry.js`);
    await page('/direct');
    expect(foreign.requests).toHaveLength(1); // cached for the next page
  });

  it('never waits longer than the timeout for a foreign manifest, and remembers the failure', async () => {
    foreign = await startUpstreamStub('/');
    foreign.handle(() => {}); // never answers
    dirs.writeRemotesConfig({ remote_login: remoteEntry(`${foreign.baseUrl}mf-manifest.json`) });
    await start(
      new ForeignManifests({
        timeoutMs: 200,
        ttlMs: 30_000,
        failureTtlMs: 60_000,
        allowInternalTargets: true,
      }),
      [new URL(foreign.baseUrl).origin],
    );
    const started = Date.now();
    const body = (await page('/direct')).body;
    expect(Date.now() - started).toBeLessThan(1500);
    // Without a usable manifest, remote_login's routes are not live either: /direct has no screen.
    expect(preloadsOf(body)).toEqual(inPageOrder(hostPreloads));
    await page('/direct');
    expect(foreign.requests).toHaveLength(1);
    expect(warnings('remote manifest unusable')).toHaveLength(1);
  });

  it('refuses a remote on an origin not pinned: never fetched, not in the page (the host shows its banner)', async () => {
    foreign = await startUpstreamStub('/');
    const text = JSON.stringify(manifest('remote_login', ['UserId'], 'cafe123456'));
    foreign.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(text);
    });
    dirs.writeRemotesConfig({
      remote_login: remoteEntry(`${foreign.baseUrl}mf-manifest.json`, text),
      remote_factors: entryOf(FACTORS_V1),
    });
    await start();
    const response = await page('/direct');
    expect(foreign.requests).toHaveLength(0);
    expect(preloadsOf(response.body)).toEqual(inPageOrder(hostPreloads));
    expect(Object.keys(remotesOf(response.body))).toEqual(['remote_factors']);
    expect(response.body).not.toContain(new URL(foreign.baseUrl).host);
    expect(response.headers['content-security-policy']).not.toContain(new URL(foreign.baseUrl).host);
  });

  it('serves index.html as built when first-load.json is missing, and warns once', async () => {
    rmSync(path.join(dirs.hostDist, 'first-load.json'));
    await start();
    expect((await page('/direct')).body).toBe(TEMPLATE);
    expect((await page('/')).body).toBe(TEMPLATE);
    expect(warnings('no first-load plan')).toHaveLength(1);
  });

  it('serves index.html as built when first-load.json is invalid', async () => {
    writeFileSync(path.join(dirs.hostDist, 'first-load.json'), JSON.stringify({ ...HOST_PLAN, host: 3 }));
    await start();
    expect((await page('/direct')).body).toBe(TEMPLATE);
    expect(warnings('no first-load plan')).toHaveLength(1);
  });

  it('picks up a rebuilt template', async () => {
    await start();
    await page('/direct');
    writeFileSync(
      path.join(dirs.hostDist, 'index.html'),
      TEMPLATE.replace('main.49444929d6', 'main.1111111111'),
    );
    expect((await page('/direct')).body).toContain('src="/main.1111111111.js"');
  });

  it('compresses the page for browsers that accept brotli', async () => {
    await start();
    const plain = (await page('/direct')).body;
    const response = await app.inject({
      url: '/direct',
      headers: { ...html, 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(plain);
  });
});
