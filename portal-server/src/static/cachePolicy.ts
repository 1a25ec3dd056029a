import path from 'node:path';

export const NO_STORE = 'no-store';
export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Build output names carry a content hash (main.3f2a9c1d0e.js, 512.ab12cd34ef.css, *.js.map). */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/** Host files: the page never cached, hashed assets forever, anything else revalidated. */
export function hostCacheControl(file: string): string {
  const name = path.basename(file);
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
  return REMOTE_ENTRY_NAMES.has(path.basename(file)) ? NO_CACHE : IMMUTABLE;
}
