import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { remoteCacheControl } from './cachePolicy.js';
import { servedInMode } from './developmentFiles.js';

export const REMOTES_PREFIX = '/remotes/';

/** Only files inside a release folder, /<package>/<version>/…: never remotes.json or stray files. */
export function isInsideReleaseFolder(pathName: string): boolean {
  return pathName.split('/').filter((segment) => segment.length > 0).length >= 3;
}

export interface RemoteReleasesOptions {
  releasesDir: string;
  publicOrigin: () => string;
  /** Production: source maps and build statistics are not served (404). */
  production: boolean;
}

/**
 * Serves the immutable remote builds from RELEASES_DIR under /remotes/. CORS is granted to the
 * portal's own origin only (the runtime loads chunks with crossorigin="anonymous").
 */
export async function registerRemoteReleases(
  app: FastifyInstance,
  { releasesDir, publicOrigin, production }: RemoteReleasesOptions,
): Promise<void> {
  const servedHere = servedInMode(production);
  await app.register(fastifyStatic, {
    root: releasesDir,
    prefix: REMOTES_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // The build writes file.js.br and file.js.gz next to file.js: brotli, then gzip, else the file.
    preCompressed: true,
    allowedPath: (pathName) => isInsideReleaseFolder(pathName) && servedHere(pathName),
    setHeaders: (reply, file) => {
      reply.header('cache-control', remoteCacheControl(file));
      reply.header('access-control-allow-origin', publicOrigin());
      reply.header('vary', 'Origin');
    },
  });
}
