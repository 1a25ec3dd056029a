import type { Compiler, ConcatenatedModule, Module } from '@rspack/core';
import { catalogueChunkFiles } from './catalogueChunks.ts';
import { SOURCE_LOCALE } from './catalogues.ts';
import { type DocumentWordId, documentWords } from './documentWords.ts';

export interface FirstLoadOptions {
  /**
   * The entry chunk already in index.html as a <script>: written as `entry`, for the page to
   * request it first (a deferred script is requested last, at low priority, and everything waits
   * for it to start).
   */
  entryChunk: string;
  /**
   * Start-up chunks the first render needs only after everything else has run (React's DOM
   * renderer): written as `last`, for the page to request them after the screen's files. They are
   * start-up chunks whatever isStartupResource says (the host imports them dynamically).
   */
  lastChunks?: readonly string[];
  /**
   * Start-up chunks whose stylesheets go before every other (the design tokens): the portal server
   * applies the host's stylesheets in the plan's order, so these come first in <head>.
   */
  firstChunks?: readonly string[];
  /**
   * Whether a module (by resource path) is needed before the first screen. A chunk holding none
   * of them is deferred: preloaded for the other routes, not for the landing and login screens.
   * Without it every chunk is a start-up chunk.
   */
  isStartupResource?: (resource: string) => boolean;
  /**
   * The kernel's compiled catalogues (compiled-lang/): their chunks are neither start-up nor
   * deferred but `catalogues`, locale → file, so the page preloads its locale's one only.
   */
  catalogueDir?: string;
  /**
   * The kernel messages the page's own elements show (`{ title: 'shell.productName' }`): written
   * per locale as `documentWords`, for the portal server to put into the page in its locale.
   */
  documentWords?: Readonly<Record<string, DocumentWordId>>;
}

export const FIRST_LOAD_FILE = 'first-load.json';

/** The file a module was built from (normal modules only). */
function resourceOf(module: Module): string | undefined {
  const resource: unknown = (module as { resource?: unknown }).resource;
  return typeof resource === 'string' ? resource : undefined;
}

/** A concatenated module stands for the modules it joined (only they have a resource path). */
function innerModules(module: Module): Module[] {
  const joined: unknown = (module as Partial<ConcatenatedModule>).modules;
  return Array.isArray(joined) ? (joined as Module[]) : [module];
}

/**
 * Writes first-load.json beside the host's index.html: the host's entry file, its own start-up
 * chunks, the start-up chunks wanted last (`last`) and its deferred chunks. The portal server
 * combines it with remotes.json and each remote's manifest (its files and its contributions: which
 * route is whose screen) into the page's preloads, per request, so promoting a remote needs no
 * rebuild; the host names no screen. A start-up chunk holds code the shell or the first screens
 * need (see startupModules.ts); a deferred one only what later screens consume from the host's
 * share scope.
 */
export class FirstLoadPlugin {
  constructor(private readonly options: FirstLoadOptions) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('FirstLoadPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FirstLoadPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const startup = { js: new Set<string>(), css: new Set<string>() };
          const last = { js: new Set<string>(), css: new Set<string>() };
          const entry: string[] = [];
          const lastChunks = new Set(this.options.lastChunks ?? []);
          const firstChunks = new Set(this.options.firstChunks ?? []);
          const first = new Set<string>();
          const deferred = { js: new Set<string>(), css: new Set<string>() };
          const isStartup = this.options.isStartupResource;
          const catalogues = this.options.catalogueDir
            ? catalogueChunkFiles(compilation, this.options.catalogueDir)
            : {};
          const catalogueFiles = new Set(Object.values(catalogues));
          for (const chunk of compilation.chunks) {
            if (chunk.name === this.options.entryChunk) {
              entry.push(...[...chunk.files].filter((file) => file.endsWith('.js')));
              continue;
            }
            if ([...chunk.files].some((file) => catalogueFiles.has(file))) continue;
            const isLast = typeof chunk.name === 'string' && lastChunks.has(chunk.name);
            const needed =
              !isStartup ||
              compilation.chunkGraph
                .getChunkModules(chunk)
                .flatMap(innerModules)
                .some((module) => {
                  const resource = resourceOf(module);
                  return resource !== undefined && isStartup(resource);
                });
            const isFirst = typeof chunk.name === 'string' && firstChunks.has(chunk.name);
            const target = isLast ? last : needed || isFirst ? startup : deferred;
            for (const file of chunk.files) {
              if (file.endsWith('.js')) target.js.add(`${publicPath}${file}`);
              else if (file.endsWith('.css')) target.css.add(`${publicPath}${file}`);
              if (isFirst && file.endsWith('.css')) first.add(`${publicPath}${file}`);
            }
          }
          // Sorted (the same plan from the same build), the first chunks' stylesheets before the rest.
          const sorted = (files: { js: Set<string>; css: Set<string> }) => ({
            js: [...files.js].sort(),
            css: [
              ...[...files.css].filter((file) => first.has(file)).sort(),
              ...[...files.css].filter((file) => !first.has(file)).sort(),
            ],
          });
          const { catalogueDir, documentWords: ids } = this.options;
          const plan = {
            ...(entry.length === 1 ? { entry: `${publicPath}${entry[0]}` } : {}),
            host: sorted(startup),
            last: sorted(last),
            deferred: sorted(deferred),
            catalogues: Object.fromEntries(
              Object.entries(catalogues).map(([locale, file]) => [locale, `${publicPath}${file}`]),
            ),
            ...(catalogueDir && ids
              ? { documentWords: documentWords(catalogueDir, pageLocales(catalogues), ids) }
              : {}),
          };
          compilation.emitAsset(FIRST_LOAD_FILE, new RawSource(`${JSON.stringify(plan, null, 2)}\n`));
        },
      );
    });
  }
}

/** The locales a page can be in: the source locale (its catalogue bundled) and each with a chunk. */
function pageLocales(catalogues: Record<string, string>): string[] {
  return [...new Set([SOURCE_LOCALE, ...Object.keys(catalogues)])].sort();
}
