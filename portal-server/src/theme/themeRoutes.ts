import type { FastifyInstance } from 'fastify';
import { useResourcePolicy } from '../security/securityHeaders.js';
import { IMMUTABLE, NO_CACHE } from '../static/cachePolicy.js';
import { THEME_STYLESHEET_PATH, type Theme } from './loadTheme.js';

/**
 * The logo's own policy: nothing runs and nothing loads, should it be opened as a document (an
 * <img> never runs an SVG's script anyway); its own inline styles and embedded images still draw.
 */
export const LOGO_POLICY =
  "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/**
 * The theme's files on the portal's own origin: its stylesheet at a fixed address (the page carries
 * the same text inline; this is for pages that want it as a file), revalidated by its ETag since a
 * restart may bring another theme; and its logo at an address naming its content, cached for good.
 */
export function registerThemeRoutes(app: FastifyInstance, theme: Theme): void {
  const etag = `"${theme.key}"`;
  app.get(THEME_STYLESHEET_PATH, (request, reply) => {
    reply.header('cache-control', NO_CACHE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/css; charset=utf-8').send(theme.stylesheet.css);
  });
  const { logo } = theme;
  if (!logo) return;
  app.get(logo.url, (_request, reply) => {
    useResourcePolicy(reply, LOGO_POLICY);
    return reply.header('cache-control', IMMUTABLE).type('image/svg+xml').send(logo.svg);
  });
}
