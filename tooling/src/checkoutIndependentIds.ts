import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Configuration, ids, type Module } from '@rspack/core';

/** The folder of pnpm-workspace.yaml above `dir` (the checkout); `dir`'s parent if none. */
export function workspaceRoot(dir: string): string {
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'pnpm-workspace.yaml'))) return folder;
    if (path.dirname(folder) === folder) return path.dirname(path.resolve(dir));
  }
}

/**
 * Whether a module's identifier still holds an absolute path of the checkout once Rspack has made
 * it relative. Rspack names a module for its deterministic id by its identifier with the paths
 * that start a `!`/`|`-separated part made relative to the context; a path inside a part stays as
 * it is: Module Federation's `consume shared module (…) (fallback: /abs/…/react/index.js)`,
 * `provide shared module (…) = /abs/…`, and its runtime's `data:` module that imports
 * `%2Fabs%2F…`. Their ids, and the ids of the chunks that hold them, then change with the folder
 * the repository is cloned into.
 */
export function namesCheckoutPath(identifier: string, root: string): boolean {
  const encoded = encodeURIComponent(root);
  return identifier.split(/[!|]/).some((part) => part.indexOf(root) > 0 || part.includes(encoded));
}

/**
 * Module and chunk ids that do not depend on where the repository is checked out, so the same
 * sources build to the same bytes, hence the same release id (issue 24), in any clone:
 * - every module whose name is free of the checkout path keeps its deterministic (content-named)
 *   id, as Rspack's production default gives;
 * - the few that name it (Module Federation's shared and runtime modules, namesCheckoutPath) get
 *   natural ids: their order in the module graph, which the sources alone decide;
 * - chunk ids are natural for the same reason (a chunk of shared modules is named by its modules).
 * `root`: the workspace root (every package and node_modules/.pnpm is under it).
 */
export function checkoutIndependentIds(root: string): {
  optimization: Pick<NonNullable<Configuration['optimization']>, 'moduleIds' | 'chunkIds'>;
  plugin: InstanceType<typeof ids.DeterministicModuleIdsPlugin>;
} {
  return {
    // The natural ids plugin numbers only the modules the deterministic one left without an id.
    optimization: { moduleIds: 'natural', chunkIds: 'natural' },
    plugin: new ids.DeterministicModuleIdsPlugin({
      test: (module: Module) => !namesCheckoutPath(module.identifier(), root),
    }),
  };
}
