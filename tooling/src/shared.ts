import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SHARED_SINGLETON_PACKAGES, type SharedSingletonPackage } from '@portal/contributions/sharedPackages';

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
  /** The file to provide, for a module this build does not import itself. */
  import?: string;
  shareKey?: string;
}

/** The test-only subpaths of @portal/shared's `exports`: never shared, never in a build. */
const NOT_AN_ENTRY = /^\.\/test-support\/|\*/;

/**
 * The kernel's entry points (docs/contracts.md), read from @portal/shared's package.json
 * `exports`: `@portal/shared/session`, `/transport`… and the file each one is. Each entry is one
 * share key; the host provides all of them, so a remote never falls back to (and downloads) its
 * own copy of the kernel.
 */
export function sharedModules(appDir: string): { request: string; file: string }[] {
  const manifestFile = packageManifest('@portal/shared', appDir);
  const parsed: unknown = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const exportsMap =
    typeof parsed === 'object' && parsed !== null && 'exports' in parsed && typeof parsed.exports === 'object'
      ? (parsed.exports as Record<string, unknown>)
      : {};
  return Object.entries(exportsMap)
    .filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && !NOT_AN_ENTRY.test(entry[0]),
    )
    .map(([subpath, target]) => ({
      request: `@portal/shared/${subpath.slice(2)}`,
      file: path.join(path.dirname(manifestFile), target),
    }))
    .sort((a, b) => a.request.localeCompare(b.request));
}

export function sharedSingletons(
  appDir: string,
  { provideAllShared = false } = {},
): Record<string, SharedEntry> {
  // How each package of the contract (@portal/contributions/sharedPackages) is shared: a package
  // added there fails this build's type check until it is said here.
  const sharing: Record<SharedSingletonPackage, 'lenient' | 'strict' | 'kernel'> = {
    // React and jotai stay lenient (a mismatch only warns): the catalog pins one version of each
    // for every build, and they keep semver themselves. Each also by its subpaths ('react/').
    react: 'lenient',
    'react-dom': 'lenient',
    jotai: 'lenient',
    // react-intl (issue 26), strict: one copy of its React context and formatters for every remote
    // that uses it, the host's (below: provided by path, loaded only by a remote that asks for it).
    'react-intl': 'strict',
    // @portal/shared is a runtime contract (docs/contracts.md): a remote built against a newer
    // version than the host provides would call exports the host's copy lacks. Strict, the
    // federation runtime refuses the remote's load instead, and the host shows its remote-failure
    // banner. One share key per entry (below).
    '@portal/shared': 'kernel',
  };
  // @portal/shared is a workspace package: its version is stated explicitly because the one
  // inferred from `workspace:*` is not valid semver.
  // PORTAL_SHARED_VERSION builds an app as if against another @portal/shared: the e2e suite builds
  // a remote "from the future" this way to prove that a host with an older one refuses it.
  const shared = process.env.PORTAL_SHARED_VERSION ?? versionOf('@portal/shared', appDir);
  const entry = (version: string): SharedEntry => ({
    singleton: true,
    requiredVersion: `^${version}`,
    version,
  });
  const sharedContract = (): SharedEntry => ({ ...entry(shared), strictVersion: true });
  const singletons: Record<string, SharedEntry> = {};
  for (const pkg of SHARED_SINGLETON_PACKAGES) {
    if (sharing[pkg] === 'lenient') {
      singletons[pkg] = entry(versionOf(pkg, appDir));
      singletons[`${pkg}/`] = entry(versionOf(pkg, appDir));
    } else if (sharing[pkg] === 'strict') {
      singletons[pkg] = { ...entry(versionOf(pkg, appDir)), strictVersion: true };
    }
  }
  // The kernel, one share key per entry (exactly those: a request for any other subpath does not
  // resolve). React Router is shared through @portal/shared/router (a narrow facade the host's
  // build can tree-shake), never as react-router-dom itself.
  const entries = sharedModules(appDir);
  for (const { request } of entries) singletons[request] = sharedContract();
  if (provideAllShared) {
    // react-intl, for a remote's React components (useIntl, FormattedDate…): the host provides it
    // by path, so in a chunk of its own that only such a remote loads; the kernel's words format
    // with FormatJS's intl-messageformat (what react-intl runs), which the first screen needs.
    const reactIntlFile = path.dirname(packageManifest('react-intl', appDir));
    singletons[reactIntlFile] = {
      ...entry(versionOf('react-intl', appDir)),
      strictVersion: true,
      import: reactIntlFile,
      shareKey: 'react-intl',
    };
    // Provided by file path: Module Federation provides a package request only when the build
    // itself imports it, a path always.
    for (const { request, file } of entries) {
      singletons[file] = { ...sharedContract(), import: file, shareKey: request };
    }
  }
  return singletons;
}
