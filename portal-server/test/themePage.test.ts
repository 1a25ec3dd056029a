import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FirstLoadPage } from '../src/firstLoad/firstLoadPage.js';
import { LiveContributions } from '../src/firstLoad/liveContributions.js';
import { PageCache } from '../src/firstLoad/pageCache.js';
import { RemoteManifests } from '../src/firstLoad/remoteManifests.js';
import { ScreenMarkup } from '../src/firstLoad/screenMarkup.js';
import { SessionRemotes } from '../src/firstLoad/sessionRemotes.js';
import { HostSource } from '../src/host/hostSource.js';
import { RemotesFile } from '../src/remotes/remotesFile.js';
import { environmentBody, portalConfigBody } from '../src/routes/configBodies.js';
import { SHELL_SLOTS } from '../src/firstLoad/shellMarkup.js';
import { buildServer } from '../src/server.js';
import { loadTheme, type Theme } from '../src/theme/loadTheme.js';
import {
  bootstrapOf,
  HOST_PLAN,
  manifest,
  writeFirstLoadFixture,
  writeRelease,
} from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, packageDir, sha384Of, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

// The theme in the page (issue 44, item 5): every page carries the theme's token stylesheet in
// <head>, allowed by exactly its hash; the rendered first screen's header has the theme's name and
// logo; the page configuration names them; the logo is served inert; pages are cached per theme.

const html = { accept: 'text/html' };
const example = loadTheme(path.join(packageDir, 'themes', 'fernbrook', 'theme.json'));
const byDefault = loadTheme(path.join(packageDir, 'themes', 'default', 'theme.json'));

/**
 * The shell as the host build renders it (host/src/prerender/Shell.tsx), with its places; React's
 * server renderer writes a preload of the logo's slot before it.
 */
const SHELL =
  `<link rel="preload" as="image" href="${SHELL_SLOTS.logoUrl}"/>` +
  '<div class="portal-shell"><header class="portal-header"><button type="button" class="portal-header__name">' +
  `<img class="portal-header__logo" src="${SHELL_SLOTS.logoUrl}" alt="" width="28" height="28"/>${SHELL_SLOTS.productName}` +
  `</button></header><main id="main">${SHELL_SLOTS.screen}</main><footer><ul>` +
  `<li data-order="0"><a href="${SHELL_SLOTS.linkPath}">${SHELL_SLOTS.linkLabel}</a></li>` +
  `<li data-order="10"><a href="${SHELL_SLOTS.privacyUrl}">Privacy Statement</a></li>` +
  `<li data-order="30"><a href="${SHELL_SLOTS.termsUrl}">Terms of Use</a></li></ul></footer></div>`;
const SCREEN = '<div class="portal-remote"><h1>Sign in</h1><input id="portal-user-id"></div>';

/** The CSP's directives by name. */
function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

/** The theme's <style> elements of a page's <head>, as the browser would hash them. */
function themeStyles(body: string): string[] {
  const head = body.slice(0, body.indexOf('</head>'));
  return [...head.matchAll(/<style data-portal-theme>([^<]*)<\/style>/g)].map((match) => match[1] ?? '');
}
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const root = (body: string) => body.slice(body.indexOf('<div id="root">'), body.indexOf('</body>'));

describe('the theme in the page', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;

  /** A build of remote_login with its prerendered User ID screen, and a host build with the shell. */
  function writeRenderedFixture() {
    writeFirstLoadFixture(dirs);
    writeFileSync(
      path.join(dirs.hostDist, 'first-load.json'),
      JSON.stringify({
        ...HOST_PLAN,
        shell: SHELL,
        documentWords: { 'en-US': { productName: 'Authentication Hub' } },
      }),
    );
    const folder = path.join('remote-login', 'rendered');
    const built = manifest('remote_login', ['Landing', 'UserId', 'Password'], 'e5d50b127d') as {
      integrity: Record<string, string>;
    };
    const entry = writeRelease(dirs, folder, {
      ...built,
      prerender: { './UserId': 'prerender/UserId.html' },
      integrity: { ...built.integrity, 'prerender/UserId.html': sha384Of(SCREEN) },
    });
    mkdirSync(path.join(dirs.releasesDir, folder, 'prerender'), { recursive: true });
    writeFileSync(path.join(dirs.releasesDir, folder, 'prerender', 'UserId.html'), SCREEN);
    dirs.writeRemotesConfig({ remote_login: entry });
  }

  const start = async (theme: Theme | undefined) =>
    buildServer(testConfig(dirs, theme ? { theme } : {}), { logStream: new LogCapture() });

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeRenderedFixture();
    app = await start(example);
  });
  afterEach(async () => {
    await app.close();
    dirs.cleanup();
  });

  it('carries the theme inline on the rendered first screen, allowed by the hash of exactly that text', async () => {
    const response = await app.inject({ url: '/direct', headers: html });
    expect(response.statusCode).toBe(200);
    const styles = themeStyles(response.body);
    expect(styles).toEqual([example.stylesheet.css]);
    expect(styles[0]).toContain('--color-brand:#1d5c3a');
    const styleSrc = policy(response).get('style-src') ?? [];
    expect(styleSrc).toContain(sha256(styles[0] ?? ''));
    expect(styleSrc.join(' ')).not.toContain('unsafe-inline');
    // Before any other stylesheet of <head>: the first paint has the theme's colours.
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head.indexOf('<style data-portal-theme>')).toBeLessThan(head.indexOf('<link'));
  });

  it('puts the theme’s name and logo into the rendered header', async () => {
    const body = (await app.inject({ url: '/direct', headers: html })).body;
    expect(root(body)).toContain(
      `<img class="portal-header__logo" src="${example.brand.logoUrl}" alt="" width="28" height="28"/>Fernbrook Bank</button>`,
    );
    expect(body).not.toContain('%%portal:');
    expect(root(body)).not.toContain('<link');
  });

  it('keeps the kernel’s name and shows no logo with a theme that gives neither', async () => {
    await app.close();
    app = await start(byDefault);
    const body = (await app.inject({ url: '/direct', headers: html })).body;
    expect(root(body)).toContain(
      '<button type="button" class="portal-header__name">Authentication Hub</button>',
    );
    expect(root(body)).not.toContain('<img');
    expect(root(body)).not.toContain('<link');
    expect(body).not.toContain('%%portal:');
    expect(themeStyles(body)).toEqual([byDefault.stylesheet.css]);
  });

  it('carries it on a client-rendered page too, and on a page served as built', async () => {
    for (const url of ['/help', '/nowhere']) {
      const response = await app.inject({ url, headers: { ...html, 'accept-language': 'ar' } });
      expect(themeStyles(response.body), url).toEqual([example.stylesheet.css]);
      expect(policy(response).get('style-src'), url).toContain(example.stylesheet.hash);
    }
    // No first-load.json: index.html as built, with the theme all the same.
    writeFileSync(path.join(dirs.hostDist, 'first-load.json'), 'not json');
    const asBuilt = await app.inject({ url: '/direct', headers: html });
    expect(bootstrapOf(asBuilt.body)).toBeUndefined();
    expect(themeStyles(asBuilt.body)).toEqual([example.stylesheet.css]);
    expect(policy(asBuilt).get('style-src')).toEqual(["'self'", example.stylesheet.hash]);
  });

  it('names the product and the logo in the page configuration, inline and fetched', async () => {
    const page = bootstrapOf((await app.inject({ url: '/direct', headers: html })).body);
    const brand = { productName: 'Fernbrook Bank', logoUrl: example.brand.logoUrl };
    expect((page?.portalConfig as { theme?: unknown } | undefined)?.theme).toEqual(brand);
    expect((await app.inject({ url: '/v1/config/portal' })).json().theme).toEqual(brand);
    await app.close();
    app = await start(byDefault);
    expect((await app.inject({ url: '/v1/config/portal' })).json()).not.toHaveProperty('theme');
  });

  it('serves the logo inert: SVG type, nosniff, a policy with no script, cached for good', async () => {
    const response = await app.inject({ url: example.brand.logoUrl ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(example.logo?.svg ?? Buffer.alloc(0))).toBe(true);
    const csp = policy(response);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Any other name under /theme/ is not the logo.
    expect((await app.inject({ url: '/theme/logo.svg' })).statusCode).toBe(404);
  });

  it('serves the stylesheet at a fixed address, revalidated by its ETag', async () => {
    const response = await app.inject({ url: '/theme/theme.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.body).toBe(example.stylesheet.css);
    expect(response.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({
      url: '/theme/theme.css',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('keys the page cache on the theme: a page planned under one theme is not served under another', async () => {
    // Two pages of the very same host build, releases and cache (so every other part of the key
    // is the same), one per theme.
    const cache = new PageCache();
    const host = new HostSource({
      hostDist: dirs.hostDist,
      releasesDir: dirs.releasesDir,
      hostConfigFile: path.join(dirs.releasesDir, 'host.json'),
      log: app.log,
    });
    const publicOrigin = () => 'http://localhost:8080';
    const remotes = new SessionRemotes(
      new RemotesFile(dirs.remotesConfigFile),
      new RemoteManifests({ releasesDir: dirs.releasesDir, publicOrigin, remoteOrigins: [], log: app.log }),
    );
    const config = testConfig(dirs);
    const contributions = new LiveContributions(app.log);
    const screenMarkup = new ScreenMarkup(dirs.releasesDir, app.log);
    const pageWith = (theme: Theme) =>
      new FirstLoadPage({
        host,
        remotes,
        contributions,
        environment: () => environmentBody(config, publicOrigin()),
        portalConfig: portalConfigBody(config.product, theme.brand),
        log: app.log,
        cache,
        screenMarkup,
        publicOrigin,
        theme,
      });
    const htmlOf = async (page: FirstLoadPage) => {
      const rendered = await page.render('/direct');
      return rendered.ok ? rendered.page.html.toString() : '';
    };
    expect(themeStyles(await htmlOf(pageWith(byDefault)))).toEqual([byDefault.stylesheet.css]);
    const other = await htmlOf(pageWith(example));
    expect(themeStyles(other)).toEqual([example.stylesheet.css]);
    expect(root(other)).toContain('Fernbrook Bank');
    expect(cache.size).toBe(2);
    // The same theme again: the page planned for it.
    expect(await htmlOf(pageWith(byDefault))).toContain(byDefault.stylesheet.css);
    expect(cache.size).toBe(2);
  });

  it('leaves a page without a theme as the host built it (no style, no hash)', async () => {
    await app.close();
    app = await start(undefined);
    const response = await app.inject({ url: '/help', headers: html });
    expect(themeStyles(response.body)).toEqual([]);
    expect(policy(response).get('style-src')).toEqual(["'self'"]);
  });
});
