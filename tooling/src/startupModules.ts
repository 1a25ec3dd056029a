import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { packageOfResource, type Reached, reachableFrom, sharedResolver } from './importGraph.ts';
import { packageManifest } from './shared.ts';

/**
 * What the host needs before a fresh visitor's first screen: its own code, and what the screens
 * a fresh visitor lands on import (the exposes of the guard-A routes: landing and login start).
 * The host build puts the @portal/shared modules in this set in its start-up chunk and the
 * others in a deferred one, so that a module only later screens use (FIDO tables, the OTP
 * boxes, enrolment helpers…) costs the first screen nothing.
 *
 * The remotes are separate builds; the host reads their sources from this workspace by the
 * expose naming rule (docs/architecture.md: expose './X' is <remote package>/src/exposes/X.tsx,
 * the package being the container name with '-' for '_'). A remote rebuilt later with other
 * imports still works: a module it needs from the deferred chunk is loaded on demand (one more
 * request, which e2e/tests/first-load.spec.ts reports as unplanned). A first screen's dynamic
 * imports are not followed: they run after it rendered.
 */
export interface StartupModules extends Reached {
  /** The expose files that were found and walked. */
  firstScreens: string[];
  /** The real folder of @portal/shared's sources. */
  sharedSrc: string;
}

/** A screen of a workspace remote: its route's guard, and the remote and expose that show it. */
export interface WorkspaceScreen {
  guard: 'A' | 'B' | 'C' | 'none';
  remote: string;
  expose: string;
}

export function firstScreenExposeFiles(hostDir: string, routes: readonly WorkspaceScreen[]): string[] {
  const files = routes
    .filter((route) => route.guard === 'A')
    .map((route) =>
      path.resolve(
        hostDir,
        '..',
        route.remote.replaceAll('_', '-'),
        'src/exposes',
        `${route.expose.replace(/^\.\//, '')}.tsx`,
      ),
    );
  return [...new Set(files)];
}

export function startupModules(
  hostDir: string,
  hostEntry: string,
  routes: readonly WorkspaceScreen[],
): StartupModules | null {
  const firstScreens = firstScreenExposeFiles(hostDir, routes);
  // Without the remotes' sources (a host built alone) nothing can be deferred safely.
  if (firstScreens.length === 0 || !firstScreens.every((file) => existsSync(file))) return null;
  // The real path: the bundler resolves the workspace link, and module resources are real paths.
  const sharedSrc = path.join(realpathSync(path.dirname(packageManifest('@portal/shared', hostDir))), 'src');
  const hostSrc = `${path.resolve(hostDir)}${path.sep}`;
  const reached = reachableFrom([path.resolve(hostDir, hostEntry), ...firstScreens], {
    resolveWorkspace: sharedResolver(sharedSrc),
    // The host's dynamic imports of its own files are its start-up (index → bootstrap); a package
    // it imports dynamically is loaded after the first screen (web-vitals, health/). A first
    // screen's dynamic imports are work it starts once it has rendered (e.g. passkey autofill):
    // what they import is loaded then, from the deferred chunk, and costs the first screen nothing.
    followDynamicImports: (file, request) => file.startsWith(hostSrc) && request.startsWith('.'),
  });
  return { ...reached, firstScreens, sharedSrc };
}

const packageNames = new Map<string, string | undefined>();

/**
 * The name of the package a file belongs to when it is not under node_modules: a workspace
 * package such as @portal/contributions, which the build resolves to its real folder.
 */
function workspacePackageOf(resource: string): string | undefined {
  let dir = path.dirname(resource);
  while (dir !== path.dirname(dir)) {
    if (packageNames.has(dir)) return packageNames.get(dir);
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
      const found = typeof name === 'string' ? name : undefined;
      packageNames.set(dir, found);
      return found;
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Whether a module (by its resource path) is needed before the first screen. */
export function isStartupResource(startup: Reached, resource: string): boolean {
  if (startup.files.has(resource)) return true;
  const pkg = packageOfResource(resource) ?? workspacePackageOf(resource);
  return pkg !== undefined && startup.packages.has(pkg);
}

/** The @portal/shared source files needed before the first screen. */
export function startupSharedFiles(startup: StartupModules): string[] {
  const prefix = `${startup.sharedSrc}${path.sep}`;
  return [...startup.files].filter((file) => file.startsWith(prefix)).sort();
}

/** A RegExp matching exactly the given absolute paths (for a splitChunks cache group's test). */
export function exactPathsPattern(files: Iterable<string>): RegExp {
  const escaped = [...files].map((file) => file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^(?:${escaped.join('|')})$`);
}
