import { createHash } from 'node:crypto';
import type { Compilation, Compiler } from '@rspack/core';

export const MANIFEST_FILE = 'mf-manifest.json';

/** `sha384-<base64>` of some bytes, the form of an `integrity` attribute. */
export function sha384Integrity(bytes: Uint8Array | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

interface AssetLists {
  js?: { sync?: unknown; async?: unknown };
  css?: { sync?: unknown; async?: unknown };
}

const names = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((name): name is string => typeof name === 'string') : [];

function assetNames(assets: AssetLists | undefined): string[] {
  if (!assets) return [];
  return [
    ...names(assets.js?.sync),
    ...names(assets.js?.async),
    ...names(assets.css?.sync),
    ...names(assets.css?.async),
  ];
}

/**
 * Every file a Module Federation manifest names, relative to the manifest's folder: the remote
 * entry, each expose's and shared module's sync and async files, the prerendered markup and the
 * message catalogues.
 */
export function filesNamedBy(manifest: unknown): string[] {
  const m = manifest as {
    metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
    exposes?: { assets?: AssetLists }[];
    shared?: { assets?: AssetLists }[];
    prerender?: Record<string, unknown>;
    catalogues?: Record<string, unknown>;
  };
  const files = new Set<string>();
  const entry = m.metaData?.remoteEntry;
  if (typeof entry?.name === 'string' && entry.name !== '') {
    const folder = typeof entry.path === 'string' ? entry.path : '';
    files.add(folder === '' || folder.endsWith('/') ? `${folder}${entry.name}` : `${folder}/${entry.name}`);
  }
  for (const item of [...(m.exposes ?? []), ...(m.shared ?? [])]) {
    for (const name of assetNames(item.assets)) files.add(name);
  }
  // The rendered first screens (prerender/prerenderPlugin.ts): the portal server checks each too.
  for (const file of Object.values(m.prerender ?? {})) if (typeof file === 'string') files.add(file);
  // The message catalogues, one chunk per locale (catalogueChunks.ts): preloaded by the page.
  for (const file of Object.values(m.catalogues ?? {})) if (typeof file === 'string') files.add(file);
  return [...files].sort();
}

/**
 * Adds `"integrity": { "<file>": "sha384-…" }` to the remote's mf-manifest.json (the remote-release
 * contract, docs/architecture.md "Remote integrity"): the hash of the final bytes of every JS and CSS
 * file the manifest names. It runs at the last processAssets stage, after the federation plugin has
 * emitted the manifest and every asset is in its final form (minified, source-map comment added),
 * and before anything is written or precompressed. A file the manifest names that the build did not
 * emit fails the build: a manifest the host could not verify must never be released.
 */
export class ManifestIntegrityPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ManifestIntegrityPlugin', (compilation: Compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'ManifestIntegrityPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 100,
        },
        () => {
          const asset = compilation.getAsset(MANIFEST_FILE);
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString()) as Record<string, unknown>;
          const integrity: Record<string, string> = {};
          for (const file of filesNamedBy(manifest)) {
            const emitted = compilation.getAsset(file);
            if (!emitted) {
              compilation.errors.push(
                new compiler.webpack.WebpackError(
                  `ManifestIntegrityPlugin: ${MANIFEST_FILE} names ${file}, which the build did not emit`,
                ),
              );
              continue;
            }
            integrity[file] = sha384Integrity(emitted.source.buffer());
          }
          compilation.updateAsset(MANIFEST_FILE, new RawSource(JSON.stringify({ ...manifest, integrity })));
        },
      );
    });
  }
}
