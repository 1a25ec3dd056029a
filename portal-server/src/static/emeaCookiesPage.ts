import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { localeDirection, negotiateLocale, SOURCE_LOCALE } from '../i18n/negotiateLocale.js';
import { NO_CACHE } from './cachePolicy.js';
import { readEmeaCookiesContent } from './emeaCookiesContent.js';
import { renderStaticPage } from './renderStaticPage.js';

/**
 * /emea-cookies: the cookie notice the Company's EMEA sites frame (EMBED_ORIGINS). A static page
 * the server renders at start-up from content/ (its words live there and nowhere else), once per
 * locale, with its stylesheet and not a single script: a framed page that runs no code cannot be
 * turned against the site that frames it. Its CSP (security/securityHeaders) allows no script.
 */
export const EMEA_COOKIES_PATH = '/emea-cookies';
export const EMEA_COOKIES_STYLESHEET = '/emea-cookies.css';

/** The package's content/ folder: the notice's words per locale and its stylesheet. */
const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'content');

/** The notice rendered in each locale content/ has, and its stylesheet. */
export interface EmeaCookiesPage {
  /** Locale → the whole page. */
  pages: ReadonlyMap<string, string>;
  css: string;
}

/**
 * Reads, checks and renders the notice once per locale. Called first thing at start-up: a
 * malformed content file stops the server before it opens anything (emeaCookiesContent.ts).
 */
export function loadEmeaCookiesPage(contentDir = CONTENT_DIR): EmeaCookiesPage {
  const pages = new Map(
    [...readEmeaCookiesContent(contentDir)].map(([locale, content]) => [
      locale,
      renderStaticPage(content, EMEA_COOKIES_STYLESHEET, { lang: locale, dir: localeDirection(locale) }),
    ]),
  );
  return { pages, css: readFileSync(path.join(contentDir, 'emea-cookies.css'), 'utf8') };
}

/**
 * GET /emea-cookies (and with a trailing slash) and its stylesheet. Each request picks one of the
 * pages rendered at start-up: its locale is negotiated as an app page's is (the saved choice's
 * cookie, then Accept-Language, then en-US; i18n/negotiateLocale.ts) among the locales content/
 * has, so nothing of the request is ever written into the page. The pseudo-locales have no file:
 * en-XA is answered in en-US and ar-XB in ar, as any other region of their language would be.
 */
export function registerEmeaCookiesPage(app: FastifyInstance, { pages, css }: EmeaCookiesPage): void {
  const locales = [...pages.keys()];
  for (const route of [EMEA_COOKIES_PATH, `${EMEA_COOKIES_PATH}/`]) {
    app.get(route, (request, reply) => {
      const negotiated = negotiateLocale(
        {
          pathname: EMEA_COOKIES_PATH,
          search: '',
          cookie: request.headers.cookie,
          acceptLanguage: request.headers['accept-language'],
        },
        locales,
      );
      const locale = pages.has(negotiated) ? negotiated : SOURCE_LOCALE;
      return (
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-language', locale)
          .header('cache-control', NO_CACHE)
          // The page's language is negotiated: a cache keeps one copy per language and saved choice.
          .header('vary', 'accept-language, cookie')
          .send(pages.get(locale))
      );
    });
  }
  app.get(EMEA_COOKIES_STYLESHEET, (_request, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', NO_CACHE).send(css),
  );
}
