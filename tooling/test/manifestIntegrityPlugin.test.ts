import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { Stats } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from './buildOnce.ts';
import {
  filesNamedBy,
  MANIFEST_FILE,
  ManifestIntegrityPlugin,
  sha384Integrity,
} from '../src/manifestIntegrityPlugin.ts';

/*
 * A small remote is built for real (Rspack + Module Federation, production mode) into a temporary
 * folder; the manifest it writes must carry the sha384 of the bytes of every JS and CSS file it
 * names, exactly as they are on disk.
 */

let root: string;
let outDir: string;

function build(): Promise<Stats> {
  return buildOnce({
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
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      crossOriginLoading: 'anonymous',
    },
    module: { rules: [{ test: /\.css$/, type: 'css/auto' }] },
    plugins: [
      new ModuleFederationPlugin({
        name: 'fixture_remote',
        filename: 'remoteEntry.js',
        exposes: { './Hello': './src/hello.js', './Later': './src/later.js' },
        dts: false,
        manifest: true,
      }),
      new ManifestIntegrityPlugin(),
    ],
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'manifest-integrity-'));
  outDir = path.join(root, 'dist');
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/hello.css'), '.hello { color: rebeccapurple; }\n');
  writeFileSync(
    path.join(root, 'src/hello.js'),
    "import './hello.css';\nexport const hello = () => import('./lazy.js').then((m) => m.greet('hello'));\n",
  );
  writeFileSync(path.join(root, 'src/lazy.js'), "export const greet = (name) => name + ', lazily';\n");
  writeFileSync(path.join(root, 'src/later.js'), "export const later = 'later';\n");
  const stats = await build();
  expect(stats.hasErrors(), stats.toString({ all: false, errors: true })).toBe(false);
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const emittedManifest = () => JSON.parse(readFileSync(path.join(outDir, MANIFEST_FILE), 'utf8'));

describe('ManifestIntegrityPlugin', () => {
  it('gives every JS and CSS file the manifest names the sha384 of its bytes on disk', () => {
    const manifest = emittedManifest();
    const named = filesNamedBy(manifest);
    expect(named).toContain('remoteEntry.js');
    expect(named.some((file) => file.endsWith('.css'))).toBe(true);
    expect(Object.keys(manifest.integrity).sort()).toEqual(named);
    for (const file of named) {
      expect(manifest.integrity[file], file).toBe(sha384Integrity(readFileSync(path.join(outDir, file))));
    }
  });

  it('keeps the rest of the manifest as the federation plugin wrote it', () => {
    const manifest = emittedManifest();
    expect(manifest.metaData.remoteEntry.name).toBe('remoteEntry.js');
    expect(manifest.exposes.map((expose: { path: string }) => expose.path).sort()).toEqual([
      './Hello',
      './Later',
    ]);
  });
});

describe('filesNamedBy', () => {
  it('names the entry (in its folder) and every sync and async file of exposes and shared modules', () => {
    const files = filesNamedBy({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static' } },
      exposes: [
        {
          assets: { js: { sync: ['a.js'], async: ['b.js'] }, css: { sync: ['a.css'], async: ['b.css'] } },
        },
      ],
      shared: [{ assets: { js: { sync: ['react.js', 'a.js'], async: [] }, css: { sync: [], async: [] } } }],
    });
    expect(files).toEqual(['a.css', 'a.js', 'b.css', 'b.js', 'react.js', 'static/remoteEntry.js']);
  });
});
