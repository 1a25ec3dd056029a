import { createReadStream, existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { DevServerMiddleware } from '@rspack/core';
import {
  buildGalleryManifest,
  DEFAULT_THEME,
  GALLERY_MANIFEST_PATH,
  GALLERY_SHOT_PREFIX,
  type GalleryManifest,
} from '../harness/gallery/manifest.ts';

/**
 * The dev server's side of the design gallery of the development harness (issue 44, 'One design
 * system'; e2e/README.md, "The design gallery"; the page is tooling/harness/gallery/): every
 * screenshot baseline of the suite, grouped by screen, on one page. Its manifest is made from the
 * baselines' file names each time the page asks for it (no list kept by hand): a baseline added by
 * `npm run test:design -- --update-snapshots` shows on the next reload.
 */

/** The portal server's themes (portal-server/themes/<name>/theme.json). */
export function themeNames(root: string): string[] {
  const folder = path.join(root, 'portal-server', 'themes');
  if (!existsSync(folder)) return [DEFAULT_THEME];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, 'theme.json')))
    .map((entry) => entry.name);
}

/**
 * The folders of the suite's spec files that hold baselines: e2e/tests/ and every remote's e2e/
 * (playwright.config.ts's projects), from the repository's root.
 */
function specFolders(root: string): string[] {
  const remotes = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('remote-'))
    .map((entry) => `${entry.name}/e2e`);
  return ['e2e/tests', ...remotes].filter((folder) => existsSync(path.join(root, folder)));
}

/** Every baseline of the suite, from the repository's root, `/` separated. */
export function baselineFiles(root: string): string[] {
  return specFolders(root).flatMap((folder) =>
    readdirSync(path.join(root, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.endsWith('-snapshots'))
      .flatMap((entry) =>
        readdirSync(path.join(root, folder, entry.name))
          .filter((name) => name.endsWith('.png'))
          .map((name) => `${folder}/${entry.name}/${name}`),
      ),
  );
}

/** The manifest of the repository's baselines now. */
export function galleryManifest(root: string): GalleryManifest {
  const themes = themeNames(root);
  return buildGalleryManifest(baselineFiles(root), themes);
}

/**
 * The dev server's side of the gallery: the manifest, made afresh on each request, and the
 * pictures it lists, read from the repository (only those: a path that is not a baseline of the
 * manifest gets a 404).
 */
export function galleryMiddleware(root: string): DevServerMiddleware {
  return (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => {
    const url = new URL(request.url ?? '/', 'http://harness');
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (url.pathname === GALLERY_MANIFEST_PATH) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(galleryManifest(root)));
      return;
    }
    if (!url.pathname.startsWith(GALLERY_SHOT_PREFIX)) return next();
    const file = decodeURIComponent(url.pathname.slice(GALLERY_SHOT_PREFIX.length));
    if (!baselineFiles(root).includes(file)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not a baseline of the suite');
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-cache' });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(path.join(root, file)).pipe(response);
  };
}
