import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What a set of entry modules reaches through their imports, read from the sources: the files of
 * this repository and the npm packages they name. Type-only imports are left out (they vanish
 * in the build); anything else that looks like an import counts, so the answer errs on the side
 * of "reached". It is a build-time estimate used to decide what a page needs first, not a
 * bundler: a file it cannot find is simply not followed.
 */
export interface Reached {
  /** Absolute paths of the source files reached (TypeScript and CSS). */
  files: Set<string>;
  /** Names of the npm packages imported by those files (`react-dom`, `@scope/name`). */
  packages: Set<string>;
}

export interface ImportGraphOptions {
  /** Resolves a package request this repository owns (e.g. '@portal/shared/x') to its file. */
  resolveWorkspace: (request: string) => string | undefined;
  /** Whether a dynamic import (`import('…')`) of `request` in `file` is followed; all are by default. */
  followDynamicImports?: (file: string, request: string) => boolean;
}

// `import x from '…'`, `import '…'`, `export … from '…'`; not `import type …` / `export type …`.
const STATIC_IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]*?\bfrom\s*)?['"]([^'"\n]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function specifiers(source: string, followDynamic: (request: string) => boolean): string[] {
  const statics = [...source.matchAll(STATIC_IMPORT)].map((m) => m[1] ?? '');
  const dynamics = [...source.matchAll(DYNAMIC_IMPORT)].map((m) => m[1] ?? '').filter(followDynamic);
  return [...statics, ...dynamics];
}

function asFile(candidate: string): string | undefined {
  for (const extension of EXTENSIONS) {
    const file = `${candidate}${extension}`;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

export function packageName(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? request);
}

export function reachableFrom(entries: readonly string[], options: ImportGraphOptions): Reached {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    const followDynamic = (request: string) => options.followDynamicImports?.(file, request) ?? true;
    for (const request of specifiers(readFileSync(file, 'utf8'), followDynamic)) {
      const target = request.startsWith('.')
        ? asFile(path.resolve(path.dirname(file), request))
        : options.resolveWorkspace(request);
      if (target) pending.push(target);
      else if (!request.startsWith('.')) packages.add(packageName(request));
    }
  }
  return { files, packages };
}

/** The npm package a module's resource path belongs to (the last node_modules segment), if any. */
export function packageOfResource(resource: string): string | undefined {
  const segments = resource.split(/[\\/]/);
  const at = segments.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const first = segments[at + 1];
  if (!first) return undefined;
  return first.startsWith('@') ? `${first}/${segments[at + 2] ?? ''}` : first;
}

/** Resolves '@portal/shared/<subpath>' to its source file under `sharedSrcDir`. */
export function sharedResolver(sharedSrcDir: string) {
  return (request: string): string | undefined =>
    request.startsWith('@portal/shared/')
      ? asFile(path.join(sharedSrcDir, request.slice('@portal/shared/'.length)))
      : undefined;
}
