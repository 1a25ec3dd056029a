import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeFirstScreen, SHELL_SLOTS } from '../src/firstLoad/shellMarkup.js';
import { buildServer } from '../src/server.js';
import {
  HOST_PLAN,
  LOGIN_V1,
  manifest,
  writeFirstLoadFixture,
  writeRelease,
} from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, sha384Of, testConfig } from './helpers/fixtures.js';
import { LogCapture } from './helpers/logCapture.js';

const html = { accept: 'text/html' };

/** The host's shell as its build renders it (host/src/prerender/Shell.tsx), with its places. */
const SHELL =
  '<div class="portal-announcer" role="status"></div><div class="portal-shell"><header>Authentication Hub</header>' +
  `<main id="main">${SHELL_SLOTS.screen}</main><footer><ul>` +
  `<li data-order="0"><a href="${SHELL_SLOTS.linkPath}" data-discover="true">${SHELL_SLOTS.linkLabel}</a></li>` +
  `<li data-order="10"><a href="${SHELL_SLOTS.privacyUrl}" rel="noopener noreferrer">Privacy Statement</a></li>` +
  `<li data-order="30"><a href="${SHELL_SLOTS.termsUrl}" rel="noopener noreferrer">Terms of Use</a></li>` +
  '</ul></footer></div>';

const SCREEN =
  '<div class="portal-remote" data-remote-build="v1"><h1>Sign in</h1><input id="portal-user-id"></div>';

describe('composeFirstScreen', () => {
  it('puts the screen in its place and the footer links in the host’s order, escaped', () => {
    const composed = composeFirstScreen({
      shell: SHELL,
      screen: '<p>$& stays as written</p>',
      privacyStatementUrl: 'https://example.com/privacy?a=1&b="2"',
      termsOfUseUrl: 'https://example.com/terms',
      footerLinks: [
        { path: '/help', label: 'Help & <more>', order: 50 },
        { path: '/cookies', label: 'Cookies', order: 10 },
      ],
    });
    expect(composed).toContain('<main id="main"><p>$& stays as written</p></main>');
    const items = [...(composed ?? '').matchAll(/<li data-order="(\d+)">(.*?)<\/li>/g)].map((m) => m[2]);
    expect(items).toEqual([
      '<a href="https://example.com/privacy?a=1&amp;b=&quot;2&quot;" rel="noopener noreferrer">Privacy Statement</a>',
      '<a href="/cookies" data-discover="true">Cookies</a>',
      '<a href="https://example.com/terms" rel="noopener noreferrer">Terms of Use</a>',
      '<a href="/help" data-discover="true">Help &amp; &lt;more&gt;</a>',
    ]);
    expect(composed).not.toContain('%%portal:');
  });

  it('gives nothing for a shell without its places (a host build the server does not know)', () => {
    const input = {
      screen: SCREEN,
      privacyStatementUrl: 'https://a',
      termsOfUseUrl: 'https://b',
      footerLinks: [],
    };
    expect(composeFirstScreen({ ...input, shell: '<main></main>' })).toBeUndefined();
    expect(composeFirstScreen({ ...input, shell: SHELL.replace(SHELL_SLOTS.screen, '') })).toBeUndefined();
  });
});

describe('the rendered first screen in the page', () => {
  let dirs: FixtureDirs;
  let logs: LogCapture;
  let app: FastifyInstance;
  const folder = path.join('remote-login', 'rendered');

  const SCREEN_CSS = '__federation_expose_UserId.e5d50b127d.css';

  /**
   * A build of remote_login whose manifest lists its prerendered User ID screen with that file's
   * sha384, and (when given) the screen's stylesheet, written with the sha384 the manifest lists.
   */
  function writeRenderedRelease(
    markup: string,
    listed = sha384Of(markup),
    css?: { text: string; listed?: string },
  ) {
    const built = manifest('remote_login', ['Landing', 'UserId', 'Password'], 'e5d50b127d') as {
      integrity: Record<string, string>;
    };
    const withScreen = {
      ...built,
      prerender: { './UserId': 'prerender/UserId.html' },
      integrity: {
        ...built.integrity,
        'prerender/UserId.html': listed,
        ...(css ? { [SCREEN_CSS]: css.listed ?? sha384Of(css.text) } : {}),
      },
    };
    const entry = writeRelease(dirs, folder, withScreen);
    mkdirSync(path.join(dirs.releasesDir, folder, 'prerender'), { recursive: true });
    writeFileSync(path.join(dirs.releasesDir, folder, 'prerender', 'UserId.html'), markup);
    if (css) writeFileSync(path.join(dirs.releasesDir, folder, SCREEN_CSS), css.text);
    dirs.writeRemotesConfig({ remote_login: entry });
  }

  const page = async (url: string) => {
    const response = await app.inject({ url, headers: html });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const root = (body: string) => body.slice(body.indexOf('<div id="root">'), body.indexOf('</body>'));
  const warnings = () =>
    logs
      .entries()
      .filter((entry) => entry.level === 40 && String(entry.msg).includes('rendered first screen'));

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    writeFileSync(
      path.join(dirs.hostDist, 'first-load.json'),
      JSON.stringify({ ...HOST_PLAN, shell: SHELL }),
    );
    logs = new LogCapture();
    app = await buildServer(testConfig(dirs), { logStream: logs });
  });

  afterEach(async () => {
    await app.close();
    dirs.cleanup();
  });

  it('puts the shell and the live build’s screen into #root on a guard-A route, its stylesheets render-blocking', async () => {
    writeRenderedRelease(SCREEN);
    const body = await page('/direct');
    expect(root(body)).toContain(`<main id="main">${SCREEN}</main>`);
    expect(root(body)).toContain('<header>Authentication Hub</header>');
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/802.f09d3d705f.css">');
    expect(head).toMatch(
      /<link rel="stylesheet" href="\/remotes\/remote-login\/rendered\/__federation_expose_UserId\.e5d50b127d\.css" crossorigin="anonymous" integrity="sha384-/,
    );
    expect(head).not.toContain('as="style"');
    // No paint before the whole first screen is parsed: a footer painted half-parsed grew upwards.
    expect(head).toContain('<link rel="expect" href="#portal-first-screen-end" blocking="render">');
    expect(root(body)).toMatch(/<\/footer>.*<span id="portal-first-screen-end" hidden><\/span><\/div>/s);
  });

  describe('its stylesheets inline', () => {
    const HOST_CSS = '.portal-shell{display:flex}\r\n.portal-header{color:#fff}';
    const LOGIN_CSS = '.portal-login{gap:1rem}';
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const styleSrc = (csp: string | undefined) =>
      (csp ?? '').split(';').find((directive) => directive.trim().startsWith('style-src')) ?? '';
    const styles = (body: string) =>
      [...body.matchAll(/<style data-href="([^"]*)">([^<]*)<\/style>/g)].map((m) => ({
        href: m[1],
        css: m[2],
      }));

    it('carries them in <style> elements its CSP allows by hash, with inert links the runtimes find', async () => {
      writeFileSync(path.join(dirs.hostDist, '802.f09d3d705f.css'), HOST_CSS);
      writeRenderedRelease(SCREEN, undefined, { text: LOGIN_CSS });
      const response = await app.inject({ url: '/direct', headers: html });
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      // Line ends as the HTML parser reads them, so the text the browser hashes is the one hashed here.
      const hostCss = HOST_CSS.replace('\r\n', '\n');
      expect(styles(head)).toEqual([
        { href: '/802.f09d3d705f.css', css: hostCss },
        { href: `/remotes/remote-login/rendered/${SCREEN_CSS}`, css: LOGIN_CSS },
      ]);
      // Nothing to fetch before the first paint: each file is named by a disabled link only, the
      // host's by its path (its runtime's public path is '/'), the remote's by its full URL.
      expect(head).toContain('<link rel="stylesheet" href="/802.f09d3d705f.css" disabled>');
      expect(head).toMatch(
        new RegExp(
          `<link rel="stylesheet" href="http://localhost:\\d+/remotes/remote-login/rendered/${SCREEN_CSS.replaceAll('.', '\\.')}" disabled>`,
        ),
      );
      expect(head.match(/<link rel="stylesheet"[^>]*>/g)?.every((tag) => tag.endsWith(' disabled>'))).toBe(
        true,
      );
      const policy = styleSrc(response.headers['content-security-policy'] as string);
      expect(policy).toContain(sha256(hostCss));
      expect(policy).toContain(sha256(LOGIN_CSS));
      expect(policy).not.toContain('unsafe-inline');
      // A page with no rendered screen carries no style and allows none.
      const other = await app.inject({ url: '/verify', headers: html });
      expect(other.body).not.toContain('<style');
      expect(other.body).not.toContain('rel="expect"');
      expect(styleSrc(other.headers['content-security-policy'] as string)).not.toContain('sha256-');
    });

    it('links a stylesheet that fails its check or could end its element, and allows no hash for it', async () => {
      writeFileSync(
        path.join(dirs.hostDist, '802.f09d3d705f.css'),
        '.a{content:"</style><script>x()</script>"}',
      );
      writeRenderedRelease(SCREEN, undefined, { text: LOGIN_CSS, listed: sha384Of('other bytes') });
      const response = await app.inject({ url: '/direct', headers: html });
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      expect(head).not.toContain('<style');
      expect(head).toContain('<link rel="stylesheet" href="/802.f09d3d705f.css">');
      expect(head).toMatch(
        /<link rel="stylesheet" href="\/remotes\/remote-login\/rendered\/__federation_expose_UserId\.e5d50b127d\.css" crossorigin="anonymous" integrity="sha384-/,
      );
      expect(styleSrc(response.headers['content-security-policy'] as string)).not.toContain('sha256-');
      expect(
        logs
          .entries()
          .filter((entry) => entry.level === 40 && String(entry.msg).includes('stylesheet not inline')),
      ).toHaveLength(1);
      // The screen itself is still rendered.
      expect(root(response.body)).toContain(SCREEN);
    });

    it('is a new page when a stylesheet changes (the page cache keys on what it carries)', async () => {
      const file = path.join(dirs.hostDist, '802.f09d3d705f.css');
      writeFileSync(file, HOST_CSS);
      writeRenderedRelease(SCREEN);
      expect(styles(await page('/direct'))[0]?.css).toBe(HOST_CSS.replace('\r\n', '\n'));
      writeFileSync(file, '.portal-shell{display:grid}');
      expect(styles(await page('/direct'))[0]?.css).toBe('.portal-shell{display:grid}');
    });
  });

  it('serves the client-rendered page, and logs once, when the markup fails its check', async () => {
    writeRenderedRelease(SCREEN, sha384Of('other bytes'));
    for (let i = 0; i < 2; i += 1) {
      const body = await page('/direct');
      expect(root(body)).toBe('<div id="root"></div>');
      expect(body).toContain('<link rel="preload" as="style" href="/802.f09d3d705f.css">');
    }
    expect(warnings()).toHaveLength(1);
  });

  it('serves the client-rendered page when the markup is missing, and the rendered one once it is there', async () => {
    writeRenderedRelease(SCREEN);
    const file = path.join(dirs.releasesDir, folder, 'prerender', 'UserId.html');
    const markup = readFileSync(file, 'utf8');
    writeFileSync(file, `${markup} `);
    expect(root(await page('/direct'))).toBe('<div id="root"></div>');
    writeFileSync(file, markup);
    expect(root(await page('/direct'))).toContain(SCREEN);
  });

  it('renders nothing for a route that is not guard A, or a build that lists no markup', async () => {
    writeRenderedRelease(SCREEN);
    expect(root(await page('/signed-out'))).toBe('<div id="root"></div>');
    expect(root(await page('/verify'))).toBe('<div id="root"></div>');
    dirs.writeRemotesConfig({
      remote_login: writeRelease(dirs, LOGIN_V1, manifest('remote_login', ['UserId'], 'e5d50b127d')),
    });
    expect(root(await page('/direct'))).toBe('<div id="root"></div>');
  });
});
