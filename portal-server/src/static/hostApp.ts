import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/errorReply.js';
import { hostCacheControl, NO_STORE } from './cachePolicy.js';

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

/**
 * Serves the host build at /: index.html (no-store) for / and every app route such as /direct or
 * /nowhere (the SPA itself shows 'Page Not Found'), hashed assets immutable.
 */
export async function registerHostApp(app: FastifyInstance, hostDist: string): Promise<void> {
  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(path.join(hostDist, 'index.html'))) {
      return sendError(reply, 503, 'PORTAL_HOST_MISSING', 'The host app is not built (no index.html)');
    }
    return reply.header('cache-control', NO_STORE).sendFile('index.html', hostDist, { cacheControl: false });
  };

  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', hostCacheControl(file));
    },
  });

  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/index.html', (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    if (isAppRoute(request)) return sendIndex(reply);
    return sendError(reply, 404, 'PORTAL_NOT_FOUND', `No route for ${request.method} ${pathOf(request)}`);
  });
}
