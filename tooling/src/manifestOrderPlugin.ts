import type { Compilation, Compiler } from '@rspack/core';
import { MANIFEST_FILE } from './manifestIntegrityPlugin.ts';

type Entry = Record<string, unknown>;

const keyOf = (entry: unknown): string => {
  if (typeof entry !== 'object' || entry === null) return '';
  const { id, name } = entry as Entry;
  return `${typeof id === 'string' ? id : ''}\0${typeof name === 'string' ? name : ''}`;
};

/** An array of manifest entries sorted by id, then name (a JS sort is stable: equal keys keep their order). */
function sorted(list: unknown): unknown {
  return Array.isArray(list) ? [...list].sort((a, b) => keyOf(a).localeCompare(keyOf(b), 'en')) : list;
}

/**
 * mf-manifest.json with its `shared`, `exposes` and `remotes` lists sorted by id. The federation
 * plugin lists them in the order of an internal map whose order follows the modules' identifiers,
 * which hold the checkout's absolute path: the same sources gave another manifest, hence another
 * release id, in another clone (issue 24). The order carries no meaning for the runtime.
 */
export function orderManifest(manifest: Entry): Entry {
  return {
    ...manifest,
    ...('shared' in manifest ? { shared: sorted(manifest.shared) } : {}),
    ...('exposes' in manifest ? { exposes: sorted(manifest.exposes) } : {}),
    ...('remotes' in manifest ? { remotes: sorted(manifest.remotes) } : {}),
  };
}

/** Rewrites the emitted mf-manifest.json in that order, before the contributions and integrity are added. */
export class ManifestOrderPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ManifestOrderPlugin', (compilation: Compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ManifestOrderPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 40 },
        () => {
          const asset = compilation.getAsset(MANIFEST_FILE);
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString()) as Entry;
          compilation.updateAsset(MANIFEST_FILE, new RawSource(JSON.stringify(orderManifest(manifest))));
        },
      );
    });
  }
}
