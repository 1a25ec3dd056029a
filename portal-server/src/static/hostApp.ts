import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FirstLoadPage } from '../firstLoad/firstLoadPage.js';
import { sendError } from '../http/errorReply.js';
import { sendHostFile } from '../host/hostFileReply.js';
import { allowInlineStyles } from '../security/securityHeaders.js';
import type { HostSource } from '../host/hostSource.js';
import type { CanaryKeys } from '../remotes/canarySession.js';
import { hostCacheControl, NO_STORE } from './cachePolicy.js';
import { servedInMode } from './developmentFiles.js';

/** Paths that are never app routes: a miss there is a real 404, not the SPA. */
const NON_APP_PREFIXES = ['/v1/', '/common/', '/remotes/', '/remotes.json', '/csp-report'];

function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

/** An app route is a GET for a page (accepts HTML) with no file extension outside the API paths. */
export function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const urlPath = pathOf(request);
  if (NON_APP_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) return false;
  return path.posix.extname(urlPath) === '';
}

export interface HostAppOptions {
  hostDist: string;
  /** Which host build a session gets: the release host.json names (or its canary), else HOST_DIST. */
  host: HostSource;
  /** Production: source maps and build statistics are not served (404). */
  production: boolean;
  page: FirstLoadPage;
  /** Reads and seals the session's canary key (`__Host-portal-canary`). */
  canaryKeys: CanaryKeys;
}

/**
 * Serves the host build at / (the live host release, a canary session's canary host, or HOST_DIST
 * when host.json names none): the page (no-store, rendered per request with the first screen's
 * preloads) for / and every app route such as /direct or /nowhere (the SPA itself shows 'Page Not
 * Found'), hashed assets immutable and precompressed.
 */
export async function registerHostApp(app: FastifyInstance, options: HostAppOptions): Promise<void> {
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = options.canaryKeys.session(request.headers.cookie);
    const page = await options.page.render(pathOf(request), session, {
      search: request.url.slice(pathOf(request).length),
      cookie: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    });
    // Every page load leaves the browser with a sealed key, canary or not: each beacon it sends is
    // then bound to a session the server dealt (beaconRoute.ts refuses any other). The cookie is
    // this reply's own: the planned page (cached, shared) never holds it.
    session.deal();
    const cookie = session.setCookie();
    if (cookie) reply.header('set-cookie', cookie);
    if (!page.ok) {
      return sendError(reply, 503, 'PORTAL_HOST_MISSING', 'The host app is not built (no index.html)');
    }
    // The planned page and its compressed bodies are shared by every page load of its key.
    const { body, encoding } = await page.page.body(request.headers['accept-encoding']);
    allowInlineStyles(reply, page.page.styleHashes);
    if (encoding) reply.header('content-encoding', encoding);
    return (
      reply
        .header('cache-control', NO_STORE)
        // The page's language is negotiated (Accept-Language, the saved choice's cookie).
        .header('vary', 'accept-encoding, accept-language, cookie')
        .type('text/html; charset=utf-8')
        .send(body)
    );
  };

  const servedHere = servedInMode(options.production);
  // HOST_DIST is sent from disk (reply.sendFile); a host release from memory, as checked.
  await app.register(fastifyStatic, {
    root: options.hostDist,
    serve: false,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    allowedPath: servedInMode(options.production),
    // The build writes file.js.br and file.js.gz next to file.js: brotli, then gzip, else the file.
    preCompressed: true,
    setHeaders: (reply, file) => {
      reply.header('cache-control', hostCacheControl(file));
    },
  });

  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.get('/*', async (request, reply) => {
    // A page load of an app route (/direct: no file extension, accepts HTML) is the page, as the
    // not-found handler would answer it, without looking for a file first (every file of a host
    // build has an extension) and without the not-found detour.
    if (isAppRoute(request)) return sendIndex(request, reply);
    let name: string;
    try {
      name = decodeURIComponent(pathOf(request).slice(1));
    } catch {
      return reply.callNotFound();
    }
    if (!servedHere(name) || name.includes('..') || name.includes('\\')) return reply.callNotFound();
    const found = await options.host.file(name, options.canaryKeys.session(request.headers.cookie));
    if (found.from === 'dist') return reply.sendFile(name);
    if (!found.build) return reply.callNotFound();
    return sendHostFile(request, reply, found.build, name);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isAppRoute(request)) return sendIndex(request, reply);
    return sendError(reply, 404, 'PORTAL_NOT_FOUND', `No route for ${request.method} ${pathOf(request)}`);
  });
}
