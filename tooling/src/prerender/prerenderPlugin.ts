import type { Compilation, Compiler } from '@rspack/core';
import { MANIFEST_FILE } from '../manifestIntegrityPlugin.ts';
import { FIRST_LOAD_FILE } from '../firstLoadPlugin.ts';
import { type PrerenderBuildOptions, prerenderPages } from './prerenderBuild.ts';
import type { PrerenderPage } from './prerenderEntry.ts';

/**
 * Where a build lists what it prerendered:
 * - a remote: mf-manifest.json's `prerender` (expose → file), so ManifestIntegrityPlugin hashes each
 *   file with the rest and the release tool stages and verifies it like any file the manifest names;
 * - the host: first-load.json's `shell` (the markup itself), read and checked with that file.
 */
export type PrerenderRecord =
  | { into: 'manifest'; pages: (PrerenderPage & { expose: string })[] }
  | { into: 'first-load'; page: PrerenderPage };

export type PrerenderPluginOptions = Omit<PrerenderBuildOptions, 'pages'> & { record: PrerenderRecord };

/** A manifest with its `prerender` map (expose → file relative to the manifest). */
export function manifestWithPrerender(text: string, prerender: Record<string, string>): string {
  return JSON.stringify({ ...(JSON.parse(text) as Record<string, unknown>), prerender });
}

/**
 * The markup without `style` attributes: the page's CSP refuses inline styles in HTML (React sets
 * them through the CSSOM in the browser, which the CSP allows). What carries one is hidden until
 * the app runs (the closed idle-warning dialog), so dropping it changes nothing a user sees.
 */
export function withoutStyleAttributes(html: string): string {
  // React escapes '"' in attribute values and text alike, so this matches attributes only.
  return html.replace(/ style="[^"]*"/g, '');
}

/** first-load.json with the shell's markup. */
export function firstLoadWithShell(text: string, shell: string): string {
  return `${JSON.stringify({ ...(JSON.parse(text) as Record<string, unknown>), shell }, null, 2)}\n`;
}

function pagesOf(record: PrerenderRecord): PrerenderPage[] {
  return record.into === 'manifest' ? record.pages : [record.page];
}

/**
 * The rendered first screen (docs/architecture.md): before each compilation, renders the app's
 * prerendered pages with React's server renderer from the same modules (prerenderBuild.ts), then
 * emits them next to the build's files and lists them (PrerenderRecord). It runs after the
 * federation manifest and first-load.json are written and before the manifest's integrity map is
 * added; a page that fails to render fails the build.
 */
export class PrerenderPlugin {
  private rendered: Map<string, string> | Error = new Map();

  constructor(private readonly options: PrerenderPluginOptions) {}

  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    const render = async () => {
      try {
        this.rendered = await prerenderPages({ ...this.options, pages: pagesOf(this.options.record) });
      } catch (error) {
        this.rendered = error instanceof Error ? error : new Error(String(error));
      }
    };
    compiler.hooks.beforeRun.tapPromise('PrerenderPlugin', render);
    compiler.hooks.watchRun.tapPromise('PrerenderPlugin', render);
    compiler.hooks.thisCompilation.tap('PrerenderPlugin', (compilation: Compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrerenderPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 60 },
        () => {
          const fail = (message: string) =>
            compilation.errors.push(new compiler.webpack.WebpackError(`PrerenderPlugin: ${message}`));
          if (this.rendered instanceof Error) return fail(this.rendered.message);
          const rendered = new Map(
            [...this.rendered].map(([file, html]) => [file, withoutStyleAttributes(html)]),
          );
          const { record } = this.options;
          if (record.into === 'first-load') {
            const plan = compilation.getAsset(FIRST_LOAD_FILE);
            const shell = rendered.get(record.page.file);
            if (!plan || shell === undefined) return fail(`no ${FIRST_LOAD_FILE} to carry the shell`);
            compilation.updateAsset(
              FIRST_LOAD_FILE,
              new RawSource(firstLoadWithShell(plan.source.source().toString(), shell)),
            );
            return;
          }
          const manifest = compilation.getAsset(MANIFEST_FILE);
          if (!manifest) return fail(`the build wrote no ${MANIFEST_FILE} to list the prerendered files`);
          const listed: Record<string, string> = {};
          for (const page of record.pages) {
            const html = rendered.get(page.file);
            if (html === undefined) return fail(`${page.file} was not rendered`);
            compilation.emitAsset(page.file, new RawSource(html));
            listed[page.expose] = page.file;
          }
          compilation.updateAsset(
            MANIFEST_FILE,
            new RawSource(manifestWithPrerender(manifest.source.source().toString(), listed)),
          );
        },
      );
    });
  }
}
