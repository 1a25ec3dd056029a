import path from 'node:path';

export const NO_STORE = 'no-store';
export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Build output names carry a content hash (main.3f2a9c1d0e.js, 512.ab12cd34ef.css, *.js.map). */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/** The build's precompressed siblings (main.3f2a9c1d0e.js.br, .gz) that @fastify/static picks. */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * The name of the file a precompressed sibling encodes: main.3f2a9c1d0e.js.br is cached exactly like
 * main.3f2a9c1d0e.js (and remoteEntry.js.br stays no-cache), whichever encoding was chosen.
 */
function logicalName(file: string): string {
  return path.basename(file).replace(PRECOMPRESSED_SUFFIX, '');
}

/** Host files: the page never cached, hashed assets forever, anything else revalidated. */
export function hostCacheControl(file: string): string {
  const name = logicalName(file);
  if (name === 'index.html') return NO_STORE;
  return HASHED_NAME.test(name) ? IMMUTABLE : NO_CACHE;
}

/** Entry points that keep their name between builds; everything else in a release folder is immutable. */
const REMOTE_ENTRY_NAMES = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);

/**
 * Remote release folders (/remotes/<package>/<version>/) never change once staged, but the entry
 * files are revalidated so a re-staged folder or a hot fix can never stick in a browser cache.
 */
export function remoteCacheControl(file: string): string {
  return REMOTE_ENTRY_NAMES.has(logicalName(file)) ? NO_CACHE : IMMUTABLE;
}
