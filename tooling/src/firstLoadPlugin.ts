import type { Compiler } from '@rspack/core';

export interface FirstLoadRoute {
  path: string;
  guard: 'A' | 'B' | 'C' | 'none';
  remote: string;
  expose: string;
}

export interface FirstLoadOptions {
  routes: readonly FirstLoadRoute[];
  /** Where guards B and C send a fresh page (no session yet). */
  homePath: string;
  /** The entry chunk already in index.html as a <script>. */
  entryChunk: string;
}

export const FIRST_LOAD_FILE = 'first-load.json';

/**
 * Writes first-load.json beside the host's index.html: the host's own start-up chunks and the route
 * table (route → remote and expose). The portal server combines it with remotes.json and each
 * remote's manifest into the page's preloads, per request, so promoting a remote needs no rebuild.
 * Every chunk of the host other than the entry is a start-up chunk: the host's code is the shell,
 * the shared singletons and the bootstrap, all needed before the first render.
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
          const js = new Set<string>();
          const css = new Set<string>();
          for (const chunk of compilation.chunks) {
            if (chunk.name === this.options.entryChunk) continue;
            for (const file of chunk.files) {
              if (file.endsWith('.js')) js.add(`${publicPath}${file}`);
              else if (file.endsWith('.css')) css.add(`${publicPath}${file}`);
            }
          }
          const plan = {
            host: { js: [...js].sort(), css: [...css].sort() },
            routes: this.options.routes.map(({ path, guard, remote, expose }) => ({
              path,
              guard,
              remote,
              expose,
            })),
            homePath: this.options.homePath,
          };
          compilation.emitAsset(FIRST_LOAD_FILE, new RawSource(`${JSON.stringify(plan, null, 2)}\n`));
        },
      );
    });
  }
}
