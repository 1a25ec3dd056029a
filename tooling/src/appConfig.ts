import type { ContributionsInput } from '@portal/contributions/schema';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import {
  type Configuration,
  ContextReplacementPlugin,
  DefinePlugin,
  HtmlRspackPlugin,
  type Module,
  SubresourceIntegrityPlugin,
} from '@rspack/core';
import { productionMinimizers } from './browserTargets.ts';
import { ManifestCataloguesPlugin } from './catalogueChunks.ts';
import { ManifestContributionWordsPlugin } from './contributionWords.ts';
import { compileCatalogues, kernelDir, noParserAlias, SOURCE_LOCALE } from './catalogues.ts';
import { checkoutIndependentIds, workspaceRoot } from './checkoutIndependentIds.ts';
import type { DocumentWordId } from './documentWords.ts';
import { eagerCompileHint } from './compileHints.ts';
import { FederationRuntimeAsEsmPlugin } from './federationRuntimeModules.ts';
import { FirstLoadPlugin } from './firstLoadPlugin.ts';
import { galleryMiddleware } from './gallery.ts';
import { DEFAULT_PORTAL_URL, harnessDefines, portalProxy, readFactorUsers } from './harnessDev.ts';
import { ManifestContributionsPlugin } from './manifestContributionsPlugin.ts';
import { ManifestIntegrityPlugin } from './manifestIntegrityPlugin.ts';
import { ManifestOrderPlugin } from './manifestOrderPlugin.ts';
import { PrecompressPlugin } from './precompressPlugin.ts';
import { PrerenderPlugin } from './prerender/prerenderPlugin.ts';
import { packageManifest, sharedSingletons } from './shared.ts';
import {
  exactPathsPattern,
  isStartupResource,
  startupModules,
  startupSharedFiles,
} from './startupModules.ts';
import { workspaceScreens } from './workspaceScreens.ts';

interface CommonOptions {
  /** Folder of the app's package (its rspack.config.ts's folder). */
  dir: string;
  /** Dev-server port. */
  devPort: number;
  /** Output folder, relative to dir (default dist). A second build of a remote can go elsewhere. */
  outDir?: string;
}

export interface RemoteOptions extends CommonOptions {
  /** Module Federation container name, e.g. remote_login. */
  name: string;
  /** Expose name → module path, e.g. { './UserId': './src/exposes/UserId.tsx' }. */
  exposes: Record<string, string>;
  /**
   * The remote's contributions (src/contributions.ts): routes, next actions, factors, links. The
   * build writes them into mf-manifest.json (docs/contracts.md, "Contributions").
   */
  contributions: ContributionsInput;
  /**
   * Exposes whose screen arrives as server-rendered HTML (docs/architecture.md, "The rendered first
   * screen"): each is rendered at its first guard-A route's address into prerender/<Expose>.html.
   */
  prerender?: readonly string[];
}

export interface HostOptions extends CommonOptions {
  name: string;
  entry: string;
  template: string;
  favicon?: string;
  /** Runtime plugins (module paths) registered in the host's federation runtime. */
  runtimePlugins: string[];
  /** The module whose component is the shell's rendered markup (first-load.json's `shell`). */
  prerenderShell?: string;
  /**
   * The kernel messages index.html's own elements show, by element (`title`, `noscript`, and
   * `screenTitle`, the title naming a screen, its `{screen}` for the server to fill in):
   * first-load.json's `documentWords`, each locale's wording for the portal server's page.
   */
  documentWords?: Readonly<Record<string, DocumentWordId>>;
}

const isProduction = process.env.NODE_ENV !== 'development';
/** A label baked into a build, so tests and release engineers can tell two builds apart. */
const buildLabel = process.env.PORTAL_BUILD_LABEL ?? 'default';
/** What every build of an app defines, its prerender compile too. */
const appDefines = (production: boolean): Record<string, string> => ({
  'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
  __PORTAL_BUILD_LABEL__: JSON.stringify(buildLabel),
});

function reactRouterProductionAliases(appDir: string): Record<string, string> {
  // react-router is react-router-dom's own dependency: look it up from react-router-dom's real folder.
  const routerDom = realpathSync(path.dirname(packageManifest('react-router-dom', appDir)));
  const dist = path.join(path.dirname(packageManifest('react-router', routerDom)), 'dist/production');
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

/**
 * The frameworks chunk: the shared singletons (@portal/contributions/sharedPackages) and what they
 * run on or bundle (the scheduler, React Router behind the kernel router entry, FormatJS). In a
 * remote, its own copies are fallbacks the host's copies replace. A chunking list, not a sharing one.
 */
const FRAMEWORK_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  'jotai',
  // The kernel's message formatter (FormatJS): one chunk with the frameworks. react-intl, a strict
  // singleton the host provides for remotes that use it, keeps a chunk of its own (shared.ts).
  'intl-messageformat',
  '@formatjs/icu-messageformat-parser',
  '@formatjs/fast-memoize',
];
/** Libraries the screens really run (not shared: each build carries what it uses). */
const LIBRARY_PACKAGES = ['valibot', 'uuid'];
/**
 * React's DOM renderer (react-dom/client with the scheduler it runs on: about 55 KB compressed, a
 * third of the first page): the host needs it for its first render only, after everything else.
 * It gets a chunk of its own (RENDERER_CHUNK) that the page requests last, so the files the
 * start-up runs first arrive sooner and run while it is still on its way (issue 25). react-dom's
 * small index (createPortal, flushSync) stays with the frameworks: the kernel imports it.
 */
const RENDERER_PATTERN =
  /[\\/]node_modules[\\/](react-dom[\\/](client\.js|cjs[\\/]react-dom-client\.production\.js)|scheduler[\\/])/;
export const RENDERER_CHUNK = 'renderer';

/**
 * The design tokens (shared/src/ui/tokens.css, issue 44): a stylesheet of their own that the
 * host's start-up applies before every other, and that the rendered first screen carries inline
 * first (first-load.json lists it first). Custom properties only: a theme's stylesheet may replace
 * their values (docs/architecture.md, "Design tokens").
 */
const TOKENS_PATTERN = /[\\/]shared[\\/]src[\\/]ui[\\/]tokens\.css$/;
export const TOKENS_CHUNK = 'portal-tokens';

/** Modules of these packages, by their path under node_modules. */
function packagesPattern(names: readonly string[]): RegExp {
  return new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
}

/**
 * `jsxDevelopment`: compile JSX to react/jsx-dev-runtime in development. Remotes never do: their
 * screens run inside whichever host serves them, usually a production one (DEV_REMOTES), whose
 * React has no development internals (jsxDEV calls `getOwner`, which only a development React
 * has). They use react/jsx-runtime, which the host shares, in development too.
 */
function baseConfig(opts: CommonOptions, uniqueName: string, jsxDevelopment = !isProduction): Configuration {
  // Production builds are released: the same sources must give the same bytes in any checkout.
  const stableIds = isProduction ? checkoutIndependentIds(workspaceRoot(opts.dir)) : undefined;
  return {
    context: opts.dir,
    mode: isProduction ? 'production' : 'development',
    devtool: isProduction ? 'source-map' : 'cheap-module-source-map',
    target: ['web', 'es2022'],
    output: {
      path: path.resolve(opts.dir, opts.outDir ?? 'dist'),
      uniqueName,
      // Chunks resolve relative to the manifest's URL: versioned folders work anywhere.
      publicPath: 'auto',
      filename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: isProduction ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: isProduction ? '[name].[contenthash:10].css' : '[name].css',
      crossOriginLoading: 'anonymous',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // React Router's package exports point at its development build; production builds take
      // the production one (smaller, no dev warnings).
      // Messages arrive precompiled: the browser's bundle has no ICU parser (catalogues.ts).
      alias: {
        ...(isProduction ? reactRouterProductionAliases(opts.dir) : {}),
        ...noParserAlias(opts.dir),
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: jsxDevelopment } },
            },
          },
          type: 'javascript/auto',
        },
        // Native CSS: emitted as files and loaded with <link>, since the CSP allows no inline <style>.
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new DefinePlugin(appDefines(isProduction)),
      new FederationRuntimeAsEsmPlugin(),
      ...(isProduction ? [eagerCompileHint(), new PrecompressPlugin()] : []),
      ...(stableIds ? [stableIds.plugin, new ManifestOrderPlugin()] : []),
    ],
    optimization: {
      // Remotes must not split the runtime into its own chunk (the container would not start).
      runtimeChunk: false,
      ...(isProduction ? { minimizer: productionMinimizers() } : {}),
      ...stableIds?.optimization,
      // Few, larger chunks: every shared singleton is loaded at start anyway, and one chunk per
      // @portal/shared module would cost a request each (and duplicate what they share).
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          default: false,
          defaultVendors: false,
          portalShared: {
            test: /[\\/]shared[\\/]src[\\/]/,
            name: 'portal-shared',
            chunks: 'async',
            enforce: true,
            priority: 20,
          },
          frameworks: {
            test: packagesPattern([...FRAMEWORK_PACKAGES, ...LIBRARY_PACKAGES]),
            name: 'frameworks',
            chunks: 'async',
            enforce: true,
            priority: 10,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: opts.devPort,
      host: '127.0.0.1',
      // The portal (http://localhost:<port>) loads a remote from here (DEV_REMOTES): its
      // live-reload socket is opened from that page's origin.
      allowedHosts: ['localhost', '127.0.0.1'],
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
  };
}

/**
 * In a remote, a screen that uses valibot must not download the singletons' fallback copies with
 * it: in one 'frameworks' chunk they came together (20 KB compressed on the OTP and welcome
 * screens, never run). The fallbacks keep their own chunk, loaded only when a host cannot provide
 * a singleton; the libraries get theirs. (The host runs all of them at start-up: one chunk there.)
 */
function separateLibrariesFromFallbacks(config: Configuration): void {
  const splitChunks = config.optimization?.splitChunks;
  if (!splitChunks) return;
  const groups = splitChunks.cacheGroups ?? {};
  const frameworks = groups.frameworks;
  if (frameworks && typeof frameworks === 'object') frameworks.test = packagesPattern(FRAMEWORK_PACKAGES);
  groups.libraries = {
    test: packagesPattern(LIBRARY_PACKAGES),
    name: 'libraries',
    chunks: 'async',
    enforce: true,
    priority: 10,
  };
  splitChunks.cacheGroups = groups;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The aliases and defines a prerender compile shares with the app's production build. */
function prerenderSettings(dir: string) {
  return { dir, alias: reactRouterProductionAliases(dir), defines: appDefines(true) };
}

/** A remote's prerendered exposes, each at the address of its first guard-A route. */
function prerenderedExposes(opts: RemoteOptions): PrerenderPlugin[] {
  if (!isProduction || !opts.prerender?.length) return [];
  const pages = opts.prerender.map((expose) => {
    const route = opts.contributions.routes.find((r) => r.expose === expose && r.guard === 'A');
    if (!route) throw new Error(`${opts.name}: ${expose} is prerendered but no guard-A route shows it`);
    const name = expose.replace(/^\.\//, '');
    const module = opts.exposes[expose];
    if (!module) throw new Error(`${opts.name}: ${expose} is prerendered but not exposed`);
    return { expose, file: `prerender/${name}.html`, module, path: route.path };
  });
  return [new PrerenderPlugin({ ...prerenderSettings(opts.dir), record: { into: 'manifest', pages } })];
}

export function remoteConfig(opts: RemoteOptions): Configuration {
  // The remote's own catalogues. The kernel's are the host's: the remote's fallback copy of the
  // kernel (never run while a host provides it) gets none, so its remoteEntry.js names no chunk of them.
  compileCatalogues(opts.dir);
  const config = baseConfig(opts, opts.name, false);
  // The container (remoteEntry.js) is the remote's only entry.
  config.entry = {};
  separateLibrariesFromFallbacks(config);
  config.plugins?.push(
    new ModuleFederationPlugin({
      name: opts.name,
      filename: 'remoteEntry.js',
      exposes: opts.exposes,
      shared: sharedSingletons(opts.dir),
      shareStrategy: 'loaded-first',
      // Reuse the host's federation runtime instead of shipping a second copy.
      experiments: { externalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      dts: false,
      manifest: true,
    }),
    // The remote's own runtime (in remoteEntry.js) loads its chunks and stylesheets with the
    // integrity of each, baked in; remoteEntry.js itself is checked against the manifest's map.
    new SubresourceIntegrityPlugin({ hashFuncNames: ['sha384'], enabled: 'auto', htmlPlugin: false }),
    new ContextReplacementPlugin(
      new RegExp(`^${escapeRegExp(path.join(kernelDir(opts.dir), 'compiled-lang'))}$`),
      /^$/,
    ),
    new ManifestContributionsPlugin(opts.name, opts.contributions),
    new ManifestContributionWordsPlugin(opts.contributions, opts.dir),
    new ManifestCataloguesPlugin(path.join(realpathSync(opts.dir), 'compiled-lang')),
    ...prerenderedExposes(opts),
    new ManifestIntegrityPlugin(),
  );
  return config;
}

/**
 * The host's build. Async: which screens a fresh visitor lands on comes from the workspace remotes'
 * contributions (workspaceScreens.ts), read when the configuration is made.
 */
export async function hostConfig(opts: HostOptions): Promise<Configuration> {
  // The kernel's catalogues: the host provides the kernel, so its build serves them.
  compileCatalogues(kernelDir(opts.dir));
  const config = baseConfig(opts, opts.name);
  config.entry = { main: opts.entry };
  const startup = isProduction
    ? startupModules(opts.dir, opts.entry, await workspaceScreens(opts.dir))
    : null;
  const cacheGroups = config.optimization?.splitChunks
    ? config.optimization.splitChunks.cacheGroups
    : undefined;
  if (startup && cacheGroups) {
    // The @portal/shared modules the shell and the first screens import go in the start-up chunk,
    // the rest (provided for later screens) in a deferred one: see startupModules.ts.
    const portalShared = cacheGroups.portalShared;
    if (portalShared && typeof portalShared === 'object') {
      const startupFiles = exactPathsPattern(startupSharedFiles(startup));
      // The kernel's catalogue loaders (the import() contexts of compiled-lang/: the map from
      // locale to chunk, and the source locale's, bundled) go with the words that use them, and so
      // does the source locale's compiled catalogue; every other stays a chunk of its own.
      const catalogueDir = path.join(kernelDir(opts.dir), 'compiled-lang');
      const sourceCatalogue = path.join(catalogueDir, `${SOURCE_LOCALE}.json`);
      portalShared.test = (module: Module) =>
        startupFiles.test(module.nameForCondition() ?? '') ||
        module.nameForCondition() === sourceCatalogue ||
        module.identifier().startsWith(`${catalogueDir}|`);
    }
    cacheGroups.portalSharedDeferred = {
      test: /[\\/]shared[\\/]src[\\/]/,
      name: 'portal-shared-deferred',
      chunks: 'async',
      enforce: true,
      priority: 19,
    };
  }
  if (cacheGroups) {
    cacheGroups.tokens = {
      test: TOKENS_PATTERN,
      name: TOKENS_CHUNK,
      chunks: 'async',
      enforce: true,
      priority: 30,
    };
    cacheGroups.renderer = {
      test: RENDERER_PATTERN,
      name: RENDERER_CHUNK,
      chunks: 'async',
      enforce: true,
      priority: 15,
    };
  }
  // The host's index.html is served for every app route (/register/totp…): absolute asset URLs.
  if (config.output) config.output.publicPath = '/';
  config.plugins?.push(
    new HtmlRspackPlugin({ template: opts.template, favicon: opts.favicon, scriptLoading: 'defer' }),
    ...(isProduction && opts.prerenderShell
      ? [
          new PrerenderPlugin({
            ...prerenderSettings(opts.dir),
            record: { into: 'first-load', page: { file: 'shell', module: opts.prerenderShell, path: '/' } },
          }),
        ]
      : []),
    new FirstLoadPlugin({
      entryChunk: 'main',
      lastChunks: [RENDERER_CHUNK],
      firstChunks: [TOKENS_CHUNK],
      catalogueDir: path.join(kernelDir(opts.dir), 'compiled-lang'),
      ...(opts.documentWords ? { documentWords: opts.documentWords } : {}),
      ...(startup ? { isStartupResource: (resource: string) => isStartupResource(startup, resource) } : {}),
    }),
    new ModuleFederationPlugin({
      name: opts.name,
      // No static remotes: they come from remotes.json at run time.
      remotes: {},
      shared: sharedSingletons(opts.dir, { provideAllShared: true }),
      shareStrategy: 'loaded-first',
      runtimePlugins: opts.runtimePlugins,
      experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      dts: false,
      // mf-manifest.json records what the host provides (its `shared` entries and their versions):
      // the release tool checks a remote's requiredVersions against it before promoting the remote.
      manifest: true,
    }),
  );
  return config;
}

/** The portal server's proxy in front of the SSO (the default service URL; shared/src/constants PROXY_URL). */
const PORTAL_PROXY_PATH = '/common/portal/proxy/';

/**
 * Development only: the remote's own dev server also serves a small harness page (a pure
 * consumer with its own runtime) that lists the remote's exposes and renders any of them alone,
 * with a client token and the session state its address names. The dev server passes the
 * portal's calls on to the portal server at PORTAL_URL (default: `npm start`'s).
 */
export function remoteDevConfigs(opts: RemoteOptions): Configuration[] {
  const remote = remoteConfig(opts);
  // The harness page runs its own copy of the kernel, words included.
  compileCatalogues(kernelDir(opts.dir));
  const harnessDir = path.resolve(import.meta.dirname, '../harness');
  const harness = baseConfig({ ...opts, outDir: 'dist-harness' }, `${opts.name}_harness`);
  harness.name = 'harness';
  // The design gallery (gallery/, /gallery): every screenshot baseline of the suite on one page.
  harness.entry = {
    harness: path.join(harnessDir, 'index.ts'),
    gallery: path.join(harnessDir, 'gallery', 'index.ts'),
  };
  if (harness.output) harness.output.publicPath = '/harness/';
  // The harness sources live in tooling/: resolve packages from the remote's folder.
  harness.resolve = { ...harness.resolve, modules: [path.join(opts.dir, 'node_modules'), 'node_modules'] };
  harness.devServer = undefined;
  harness.plugins?.push(
    new HtmlRspackPlugin({
      template: path.join(harnessDir, 'index.html'),
      filename: 'index.html',
      chunks: ['harness'],
    }),
    new HtmlRspackPlugin({
      template: path.join(harnessDir, 'gallery', 'gallery.html'),
      filename: 'gallery.html',
      chunks: ['gallery'],
    }),
    new DefinePlugin(harnessDefines(opts.name, opts.exposes, opts.contributions, readFactorUsers(opts.dir))),
    new ModuleFederationPlugin({
      name: `${opts.name}_harness`,
      remotes: {},
      shared: sharedSingletons(opts.dir),
      shareStrategy: 'loaded-first',
      experiments: { provideExternalRuntime: true },
      dts: false,
      manifest: false,
    }),
  );
  if (remote.devServer && typeof remote.devServer === 'object') {
    remote.devServer = {
      ...remote.devServer,
      historyApiFallback: {
        index: '/harness/index.html',
        rewrites: [{ from: /^\/gallery\/?$/, to: '/harness/gallery.html' }],
      },
      proxy: [portalProxy(process.env.PORTAL_URL ?? DEFAULT_PORTAL_URL, PORTAL_PROXY_PATH)],
      // The gallery's manifest, made from the baselines' names on each request, and the pictures.
      setupMiddlewares: (middlewares) => [
        galleryMiddleware(path.resolve(import.meta.dirname, '../..')),
        ...middlewares,
      ],
      open: false,
    };
  }
  return [remote, harness];
}
