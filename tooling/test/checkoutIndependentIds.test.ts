import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type RspackPluginInstance, rspack } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutIndependentIds, namesCheckoutPath } from '../src/checkoutIndependentIds.ts';
import { ManifestOrderPlugin, orderManifest } from '../src/manifestOrderPlugin.ts';

/*
 * The same small remote (a shared package with its fallback in the checkout, an expose, a lazy
 * chunk) is built for real in two folders of different names, as two clones of the repository
 * would be. What a release carries (everything but source maps and mf-stats.json) must be the
 * same bytes with the fix, and is not without it: the fixture does show the problem.
 */

let base: string;

function writeFixture(root: string): void {
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules', 'fixture-lib'), { recursive: true });
  writeFileSync(
    path.join(root, 'node_modules', 'fixture-lib', 'package.json'),
    JSON.stringify({ name: 'fixture-lib', version: '1.2.0', main: 'index.js' }),
  );
  writeFileSync(path.join(root, 'node_modules', 'fixture-lib', 'index.js'), 'export const lib = 42;\n');
  writeFileSync(path.join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
  writeFileSync(
    path.join(root, 'src/hello.js'),
    "import { lib } from 'fixture-lib';\nexport const hello = () => import('./lazy.js').then((m) => m.greet(lib));\n",
  );
  writeFileSync(path.join(root, 'src/lazy.js'), "export const greet = (value) => 'hello ' + value;\n");
}

async function build(root: string, fixed: boolean): Promise<Map<string, string>> {
  const outDir = path.join(root, 'dist');
  const stable = fixed ? checkoutIndependentIds(root) : undefined;
  const plugins: RspackPluginInstance[] = [
    new ModuleFederationPlugin({
      name: 'fixture_remote',
      filename: 'remoteEntry.js',
      exposes: { './Hello': './src/hello.js' },
      shared: { 'fixture-lib': { singleton: true, requiredVersion: '^1.2.0' } },
      dts: false,
      manifest: true,
    }),
    ...(stable ? [stable.plugin, new ManifestOrderPlugin()] : []),
  ];
  const compiler = rspack({
    context: root,
    mode: 'production',
    devtool: 'source-map',
    entry: {},
    output: {
      path: outDir,
      publicPath: 'auto',
      uniqueName: 'fixture_remote',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
    },
    optimization: { ...stable?.optimization },
    plugins,
  });
  const stats = await new Promise<{ hasErrors(): boolean }>((resolve, reject) => {
    compiler.run((error, result) => {
      compiler.close(() => undefined);
      if (error || !result) reject(error ?? new Error('no stats'));
      else resolve(result);
    });
  });
  expect(stats.hasErrors()).toBe(false);
  const released = readdirSync(outDir).filter((file) => !file.endsWith('.map') && file !== 'mf-stats.json');
  return new Map(released.sort().map((file) => [file, readFileSync(path.join(outDir, file), 'utf8')]));
}

/** Builds the fixture in two differently named folders; the files, by name. */
async function buildTwice(fixed: boolean): Promise<[Map<string, string>, Map<string, string>]> {
  // Two names at the same depth: Rspack's packages are resolved from this repository's
  // node_modules, outside the fixture, by a relative path that must not differ for another reason.
  const one = path.join(base, fixed ? 'fixed' : 'plain', 'checkout-one');
  const two = path.join(base, fixed ? 'fixed' : 'plain', 'a-clone-22');
  writeFixture(one);
  writeFixture(two);
  return [await build(one, fixed), await build(two, fixed)];
}

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'checkout-ids-'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('builds independent of the checkout folder', () => {
  it('gives the same files, byte for byte, from two folders', async () => {
    const [one, two] = await buildTwice(true);
    expect([...one.keys()]).toEqual([...two.keys()]);
    expect([...one].filter(([file, text]) => two.get(file) !== text).map(([file]) => file)).toEqual([]);
  }, 60_000);

  it('would not without the fix: the fallback path goes into the ids', async () => {
    const [one, two] = await buildTwice(false);
    const differing = [...one].filter(([file, text]) => two.get(file) !== text).map(([file]) => file);
    expect(differing.length + [...two.keys()].filter((file) => !one.has(file)).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('namesCheckoutPath', () => {
  const root = '/work/repo';
  it.each([
    [
      'consume shared module (default) react@^19 (strict) (fallback: /work/repo/node_modules/react/index.js)',
      true,
    ],
    ['provide shared module (default) react@19.3.1 = /work/repo/node_modules/react/index.js', true],
    ['data:text/javascript,import%20x%20from%20%22%2Fwork%2Frepo%2Fnode_modules%2Fx.cjs%22', true],
    ['/work/repo/remote-help/src/index.ts', false],
    ['builtin:swc-loader??ruleSet[1]!/work/repo/remote-help/src/App.tsx', false],
    ['webpack/container/entry/remote_help', false],
  ])('%s → %s', (identifier, expected) => {
    expect(namesCheckoutPath(identifier, root)).toBe(expected);
  });
});

describe('orderManifest', () => {
  it('sorts shared, exposes and remotes by id, keeping everything else', () => {
    const manifest = {
      id: 'r',
      shared: [{ id: 'r:react' }, { id: 'r:@portal/shared/ui' }, { id: 'r:jotai' }],
      exposes: [{ id: 'r:Help' }, { id: 'r:Cookies' }],
      remotes: [],
      metaData: { name: 'r' },
    };
    expect(orderManifest(manifest)).toEqual({
      id: 'r',
      shared: [{ id: 'r:@portal/shared/ui' }, { id: 'r:jotai' }, { id: 'r:react' }],
      exposes: [{ id: 'r:Cookies' }, { id: 'r:Help' }],
      remotes: [],
      metaData: { name: 'r' },
    });
  });
});
