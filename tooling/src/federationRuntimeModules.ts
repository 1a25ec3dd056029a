import { existsSync } from 'node:fs';
import { type Compiler, NormalModuleReplacementPlugin } from '@rspack/core';

/**
 * A federation runtime file the build was pointed at in its CommonJS form: the federation plugins
 * resolve the bundler runtime and `@module-federation/runtime` with Node's `require.resolve` when
 * the configuration is made, which picks each package's `.cjs` build.
 */
const FEDERATION_CJS = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/][^\\/]+\.cjs$/;

/** The `.js` (ES module) twin of a federation runtime `.cjs` file, when the package ships one. */
function esmTwin(file: string): string | undefined {
  if (!FEDERATION_CJS.test(file)) return undefined;
  const esm = file.replace(/\.cjs$/, '.js');
  return existsSync(esm) ? esm : undefined;
}

/**
 * Bundles the federation runtime from its ES module build. CommonJS cannot be tree-shaken, and the
 * plugins' mix of both forms put some runtime packages in twice: every remoteEntry.js carried the
 * whole of `@module-federation/sdk` (manifest and snapshot helpers, Node loaders, plugin option
 * types) and the error-code tables, about 30 KB of which the browser runs a few functions (issue 25:
 * remote-login's entry is on the first screen). The same version's ES build gives the same runtime
 * with only what it uses. Two doors, both rewritten: the entry runtime's import of the bundler
 * runtime (an absolute path, replaced before it is resolved) and the aliases the plugins set for
 * `@module-federation/runtime` and its tools (rewritten once every plugin has set its own).
 */
export class FederationRuntimeAsEsmPlugin {
  apply(compiler: Compiler): void {
    new NormalModuleReplacementPlugin(FEDERATION_CJS, (resource) => {
      const esm = esmTwin(resource.request);
      if (esm) resource.request = esm;
    }).apply(compiler);
    compiler.hooks.afterPlugins.tap({ name: 'FederationRuntimeAsEsmPlugin', stage: 100 }, () => {
      const alias = compiler.options.resolve.alias;
      if (!alias || Array.isArray(alias)) return;
      for (const [key, target] of Object.entries(alias)) {
        const esm = typeof target === 'string' ? esmTwin(target) : undefined;
        if (esm) alias[key] = esm;
      }
    });
  }
}
