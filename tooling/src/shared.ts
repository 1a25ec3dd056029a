import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The singletons every federated app shares. At run time exactly one copy of each is used:
 * a second React breaks hooks, a second router loses its context, and a second jotai or
 * @portal/shared silently splits the session state.
 */
// Looked up on disk rather than through require.resolve: package `exports` maps may hide package.json.
export function packageManifest(pkg: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed for ${fromDir}`);
  }
}

function versionOf(pkg: string, fromDir: string): string {
  const manifest = packageManifest(pkg, fromDir);
  const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
  if (
    typeof parsed === 'object' &&
    parsed !== null &&
    'version' in parsed &&
    typeof parsed.version === 'string'
  ) {
    return parsed.version;
  }
  throw new Error(`No version in ${manifest}`);
}

export interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version?: string;
  strictVersion?: boolean;
}

export function sharedSingletons(appDir: string): Record<string, SharedEntry> {
  const react = versionOf('react', appDir);
  const reactDom = versionOf('react-dom', appDir);
  const router = versionOf('react-router-dom', appDir);
  const jotai = versionOf('jotai', appDir);
  // @portal/shared is a workspace package: its version is stated explicitly because the one
  // inferred from `workspace:*` is not valid semver.
  const shared = versionOf('@portal/shared', appDir);
  const entry = (version: string): SharedEntry => ({
    singleton: true,
    requiredVersion: `^${version}`,
    version,
  });
  return {
    react: entry(react),
    'react/': entry(react),
    'react-dom': entry(reactDom),
    'react-dom/': entry(reactDom),
    'react-router-dom': entry(router),
    jotai: entry(jotai),
    'jotai/': entry(jotai),
    '@portal/shared/': entry(shared),
  };
}
