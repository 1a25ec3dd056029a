import path from 'node:path';
import type { Compilation, Compiler, ConcatenatedModule, Module } from '@rspack/core';
import { MANIFEST_FILE } from './manifestIntegrityPlugin.ts';

/** The file a module was built from, for it and the modules a concatenated one joined. */
function resources(module: Module): string[] {
  const joined: unknown = (module as Partial<ConcatenatedModule>).modules;
  const modules = Array.isArray(joined) ? (joined as Module[]) : [module];
  return modules.flatMap((inner) => {
    const resource: unknown = (inner as { resource?: unknown }).resource;
    return typeof resource === 'string' ? [resource] : [];
  });
}

/**
 * The chunk file of each compiled catalogue in `catalogueDir` (`compiled-lang/<locale>.json`):
 * locale → its JS file, as the build emitted it. Each catalogue is an import() of its own, so
 * its chunk holds it alone; the source locale's is bundled with the words (SOURCE_LOCALE), in a
 * chunk that is no catalogue's, and has no entry.
 */
export function catalogueChunkFiles(compilation: Compilation, catalogueDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const chunk of compilation.chunks) {
    const modules = compilation.chunkGraph.getChunkModules(chunk).flatMap(resources);
    const catalogues = modules.filter(
      (resource) => path.dirname(resource) === catalogueDir && resource.endsWith('.json'),
    );
    const file = [...chunk.files].find((name) => name.endsWith('.js'));
    if (catalogues.length !== 1 || modules.length !== 1 || !file) continue;
    files[path.basename(catalogues[0] ?? '', '.json')] = file;
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Names the remote's catalogue chunks in its mf-manifest.json, `"catalogues": { "<locale>":
 * "<file>" }`, so the portal server preloads the page's locale's one with the screen (and the
 * manifest's integrity map hashes each: ManifestIntegrityPlugin runs after).
 */
export class ManifestCataloguesPlugin {
  constructor(private readonly catalogueDir: string) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ManifestCataloguesPlugin', (compilation: Compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'ManifestCataloguesPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 60,
        },
        () => {
          const asset = compilation.getAsset(MANIFEST_FILE);
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString()) as Record<string, unknown>;
          const catalogues = catalogueChunkFiles(compilation, this.catalogueDir);
          compilation.updateAsset(MANIFEST_FILE, new RawSource(JSON.stringify({ ...manifest, catalogues })));
        },
      );
    });
  }
}
