import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptedLanguages, localeDirection, negotiateLocale } from '../src/i18n/negotiateLocale.js';
import { SHELL_SLOTS } from '../src/firstLoad/shellMarkup.js';
import { buildServer } from '../src/server.js';
import {
  HOST_PLAN,
  manifest,
  TEMPLATE,
  writeFirstLoadFixture,
  writeRelease,
} from './helpers/firstLoadFixtures.js';
import { createFixtureDirs, type FixtureDirs, sha384Of, testConfig } from './helpers/fixtures.js';

const LOCALES = [
  'ar',
  'ar-XB',
  'de-DE',
  'en-GB',
  'en-US',
  'en-XA',
  'es-ES',
  'es-MX',
  'fr-CA',
  'fr-FR',
  'he',
  'ja-JP',
  'zh-Hans',
  'zh-Hant',
];
const request = (parts: Partial<Parameters<typeof negotiateLocale>[0]>) => ({
  pathname: '/direct',
  search: '',
  cookie: undefined,
  acceptLanguage: undefined,
  ...parts,
});

describe('negotiating the page’s locale', () => {
  it('reads Accept-Language by quality, then order', () => {
    expect(acceptedLanguages('fr-CA,fr;q=0.9, en;q=0.8,*;q=0.1,de;q=0')).toEqual(['fr-CA', 'fr', 'en']);
    expect(acceptedLanguages('de;q=0.5,ja')).toEqual(['ja', 'de']);
  });

  it.each([
    ['fr-CA,fr;q=0.9', 'fr-CA'],
    ['fr-BE', 'fr-FR'],
    ['es-AR', 'es-MX'],
    ['es', 'es-ES'],
    ['en-AU', 'en-GB'],
    ['en', 'en-US'],
    ['zh-TW', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['ar-EG', 'ar'],
    ['iw', 'he'],
    ['nl-NL, de;q=0.7', 'de-DE'],
    ['nl-NL', 'en-US'],
    ['', 'en-US'],
  ])('Accept-Language %s → %s', (acceptLanguage, expected) => {
    expect(negotiateLocale(request({ acceptLanguage }), LOCALES)).toBe(expected);
  });

  it('takes ui_locales on /oauth2 first, then the saved choice, then Accept-Language', () => {
    const everything = { cookie: 'a=1; portal-locale=he', acceptLanguage: 'ja' };
    expect(
      negotiateLocale(request({ pathname: '/oauth2', search: '?ui_locales=nl+de', ...everything }), LOCALES),
    ).toBe('de-DE');
    expect(negotiateLocale(request({ search: '?ui_locales=de', ...everything }), LOCALES)).toBe('he');
    expect(negotiateLocale(request({ cookie: '__Host-portal-locale=fr-CA' }), LOCALES)).toBe('fr-CA');
    expect(negotiateLocale(request({ cookie: 'portal-locale=xx', acceptLanguage: 'ja' }), LOCALES)).toBe(
      'ja-JP',
    );
  });

  it('gives the direction of the locale’s script', () => {
    expect(['ar', 'he', 'ar-XB', 'en-US', 'ja-JP', 'zh-Hant'].map(localeDirection)).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'ltr',
      'ltr',
      'ltr',
    ]);
  });
});

describe('the page in its locale', () => {
  let dirs: FixtureDirs;
  let app: FastifyInstance;
  const folder = path.join('remote-login', 'localised');
  const kernelCatalogue = (locale: string) => `/catalogue-${locale}.0a0a0a0a0a.js`;
  const SCREEN = '<h1>Sign in</h1><input id="portal-user-id">';
  const NOSCRIPT = 'This sign-in portal needs JavaScript.';
  const SHELL =
    `<div class="portal-shell"><main id="main">${SHELL_SLOTS.screen}</main><footer><ul>` +
    `<li data-order="0"><a href="${SHELL_SLOTS.linkPath}">${SHELL_SLOTS.linkLabel}</a></li>` +
    `<li data-order="10"><a href="${SHELL_SLOTS.privacyUrl}">Privacy Statement</a></li>` +
    `<li data-order="30"><a href="${SHELL_SLOTS.termsUrl}">Terms of Use</a></li></ul></footer></div>`;

  beforeEach(async () => {
    dirs = createFixtureDirs();
    writeFirstLoadFixture(dirs);
    writeFileSync(
      path.join(dirs.hostDist, 'first-load.json'),
      JSON.stringify({
        ...HOST_PLAN,
        shell: SHELL,
        // As the host builds it: the source locale's catalogue is bundled with the kernel's words.
        catalogues: Object.fromEntries(['fr-CA', 'ar'].map((locale) => [locale, kernelCatalogue(locale)])),
        documentWords: {
          'en-US': {
            title: 'Authentication Hub',
            noscript: NOSCRIPT,
            screenTitle: '{screen} – Authentication Hub',
          },
          'fr-CA': {
            title: 'Centre d’authentification',
            noscript: 'Ce portail de connexion nécessite JavaScript.',
            screenTitle: '{screen} – Centre d’authentification',
          },
          // No title; a noscript text that would close the element: it stays text.
          ar: { noscript: 'JavaScript </noscript><img src=x>', screenTitle: '{screen} – مركز المصادقة' },
        },
      }),
    );
    writeFileSync(
      path.join(dirs.hostDist, 'index.html'),
      TEMPLATE.replace('<div id="root">', `<noscript>${NOSCRIPT}</noscript><div id="root">`),
    );
    const built = manifest('remote_login', ['Landing', 'UserId'], 'e5d50b127d') as {
      integrity: Record<string, string>;
    };
    // A remote built before the source locale's catalogue was bundled: it lists one for en-US.
    const catalogues = { 'en-US': 'catalogue-en-US.1111111111.js', 'fr-CA': 'catalogue-fr-CA.2222222222.js' };
    const entry = writeRelease(dirs, folder, {
      ...built,
      prerender: { './UserId': 'prerender/UserId.html' },
      catalogues,
      contributionWords: { 'fr-CA': { 'Sign in': 'Connexion' } },
      integrity: {
        ...built.integrity,
        'prerender/UserId.html': sha384Of(SCREEN),
        ...Object.fromEntries(Object.values(catalogues).map((file) => [file, sha384Of(file)])),
      },
    });
    mkdirSync(path.join(dirs.releasesDir, folder, 'prerender'), { recursive: true });
    writeFileSync(path.join(dirs.releasesDir, folder, 'prerender', 'UserId.html'), SCREEN);
    dirs.writeRemotesConfig({ remote_login: entry });
    app = await buildServer(testConfig(dirs));
  });

  afterEach(async () => {
    await app.close();
    dirs.cleanup();
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ url, headers: { accept: 'text/html', ...headers } });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((m) => m[1]);

  it('is answered in the negotiated locale and direction, with that locale’s catalogues only, client-rendered', async () => {
    const response = await page('/direct', { 'accept-language': 'fr-CA,fr;q=0.8' });
    expect(response.body).toContain('<html lang="fr-CA" dir="ltr" data-negotiated>');
    expect(response.headers.vary).toContain('accept-language');
    const scripts = preloads(response.body);
    expect(scripts).toContain(kernelCatalogue('fr-CA'));
    expect(scripts).toContain('/remotes/remote-login/localised/catalogue-fr-CA.2222222222.js');
    expect(scripts.filter((href) => href?.includes('catalogue-'))).toHaveLength(2);
    // The screens are rendered at build time in en-US only.
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('speaks the source locale though no kernel catalogue is listed for it, and preloads none of the kernel for it', async () => {
    const response = await page('/direct', { 'accept-language': 'en-US,fr-CA;q=0.8' });
    expect(response.body).toContain('<html lang="en-US" dir="ltr" data-negotiated>');
    // Only the remote's, which its (older) build lists.
    expect(preloads(response.body).filter((href) => href?.includes('catalogue-'))).toEqual([
      '/remotes/remote-login/localised/catalogue-en-US.1111111111.js',
    ]);
  });

  it("carries the page's own <title> and <noscript> in its locale, from the host build's words", async () => {
    const french = (await page('/direct', { 'accept-language': 'fr-CA' })).body;
    // The title names the screen the page opens on, in the page's words (the contributed title's).
    expect(french).toContain('<title>Connexion – Centre d’authentification</title>');
    expect(french).toContain('<noscript>Ce portail de connexion nécessite JavaScript.</noscript>');
    expect(french).not.toContain(NOSCRIPT);
    const english = (await page('/direct', { 'accept-language': 'en-US' })).body;
    expect(english).toContain('<title>Sign in – Authentication Hub</title>');
    // A page no screen serves (the app's Page Not Found) has the product's name.
    const unknown = (await page('/no-such-screen', { 'accept-language': 'en-US' })).body;
    expect(unknown).toContain('<title>Authentication Hub</title>');
    expect(english).toContain(`<noscript>${NOSCRIPT}</noscript>`);
    // A word the build does not give stays the template's; a given one is text, never markup.
    const arabic = (await page('/direct', { 'accept-language': 'ar' })).body;
    expect(arabic).toContain('<noscript>JavaScript &lt;/noscript&gt;&lt;img src=x&gt;</noscript>');
    expect((await page('/no-such-screen', { 'accept-language': 'ar' })).body).toContain(
      '<title>Authentication Hub</title>',
    );
    // On a right-to-left page the screen's name is an isolate, as the app's own title has it.
    expect(arabic).toContain('<title>\u2068Sign in\u2069 – مركز المصادقة</title>');
  });

  it("gives the page the contributed titles in its locale, from the remote's manifest", async () => {
    const title = async (headers: Record<string, string>) => {
      const body = (await page('/direct', headers)).body;
      const data = body.slice(
        body.indexOf('id="portal-bootstrap">') + 22,
        body.indexOf('</script>', body.indexOf('id="portal-bootstrap">')),
      );
      const bootstrap = JSON.parse(data) as { contributions: { routes: { path: string; title: string }[] } };
      return bootstrap.contributions.routes.find((route) => route.path === '/direct')?.title;
    };
    expect(await title({ 'accept-language': 'fr-CA' })).toBe('Connexion');
    expect(await title({ 'accept-language': 'en-US' })).toBe('Sign in');
    // A locale the remote has no words for keeps the contributed (en-US) text.
    expect(await title({ 'accept-language': 'ar' })).toBe('Sign in');
  });

  it('gets the rendered first screen in en-US, and a right-to-left page in Arabic', async () => {
    const english = (await page('/direct', { 'accept-language': 'en-US' })).body;
    expect(english).toContain('<html lang="en-US" dir="ltr" data-negotiated>');
    expect(english).toContain(SCREEN);
    expect(preloads(english).filter((href) => href?.startsWith('/catalogue-'))).toEqual([]);
    const arabic = (await page('/oauth2?client_id=x&ui_locales=ar', { 'accept-language': 'en-US' })).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl" data-negotiated>');
    expect(preloads(arabic)).toContain(kernelCatalogue('ar'));
    expect(arabic).not.toContain(SCREEN);
  });

  it("answers GET /v1/config/contributions in the saved choice's words (after the picker)", async () => {
    const titleOf = async (headers: Record<string, string>) => {
      const response = await app.inject({ url: '/v1/config/contributions', headers });
      const body = response.json() as { routes: { path: string; title: string }[] };
      return body.routes.find((route) => route.path === '/direct')?.title;
    };
    expect(await titleOf({ cookie: 'portal-locale=fr-CA' })).toBe('Connexion');
    expect(await titleOf({ 'accept-language': 'fr-CA' })).toBe('Connexion');
    expect(await titleOf({})).toBe('Sign in');
  });

  it('answers GET /v1/config/contributions as the page negotiates: ui_locales, then the saved choice, then Accept-Language', async () => {
    const titleOf = async (query: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ url: `/v1/config/contributions${query}`, headers });
      const body = response.json() as { routes: { path: string; title: string }[] };
      return body.routes.find((route) => route.path === '/direct')?.title;
    };
    // ui_locales first, over a saved choice and Accept-Language (a page that arrived with it).
    const english = { cookie: 'portal-locale=en-US', 'accept-language': 'en-US' };
    expect(await titleOf('?ui_locales=fr-CA', english)).toBe('Connexion');
    expect(await titleOf('?ui_locales=nl+fr-CA')).toBe('Connexion');
    // ui_locales the portal does not speak: the saved choice, then Accept-Language.
    expect(
      await titleOf('?ui_locales=nl', { cookie: 'portal-locale=fr-CA', 'accept-language': 'en-US' }),
    ).toBe('Connexion');
    expect(await titleOf('?ui_locales=nl', { 'accept-language': 'fr-CA' })).toBe('Connexion');
    expect(await titleOf('?ui_locales=en-US', { cookie: 'portal-locale=fr-CA' })).toBe('Sign in');
  });

  it('follows the saved choice on the next page', async () => {
    const body = (await page('/direct', { cookie: 'portal-locale=ar', 'accept-language': 'fr-CA' })).body;
    expect(body).toContain('<html lang="ar" dir="rtl" data-negotiated>');
  });
});
