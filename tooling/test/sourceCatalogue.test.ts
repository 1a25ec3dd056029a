import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Compiler, Stats } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from './buildOnce.ts';
import { productionMinimizers } from '../src/browserTargets.ts';
import { catalogueChunkFiles } from '../src/catalogueChunks.ts';

/*
 * A small app is built for real (Rspack, production mode, the portal's minimizers) into a temporary
 * folder. Its words module loads catalogues as every package's messages module does: the source
 * locale's compiled catalogue bundled with it, every other locale's a chunk of its own.
 */

let root: string;
let outDir: string;
let found: Record<string, string> = {};

/** Records what catalogueChunkFiles finds once the build's chunks are final. */
class RecordCatalogues {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RecordCatalogues', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RecordCatalogues', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          found = catalogueChunkFiles(compilation, path.join(root, 'compiled-lang'));
        },
      );
    });
  }
}

function build(): Promise<Stats> {
  return buildOnce({
    context: root,
    mode: 'production',
    entry: { main: './src/index.js' },
    output: {
      path: outDir,
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
    },
    module: { rules: [{ test: /\.css$/, type: 'css/auto' }] },
    optimization: { minimizer: productionMinimizers() },
    plugins: [new RecordCatalogues()],
  });
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'source-catalogue-'));
  outDir = path.join(root, 'dist');
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'compiled-lang'));
  writeFileSync(path.join(root, 'compiled-lang/en-US.json'), '{"count":[{"type":6,"value":"n"}]}');
  writeFileSync(path.join(root, 'compiled-lang/fr-FR.json'), '{"hello":"Bonjour"}');
  copyFileSync(
    path.join(import.meta.dirname, 'fixtures/sourceCatalogue/index.js'),
    path.join(root, 'src/index.js'),
  );
  writeFileSync(
    path.join(root, 'src/page.css'),
    '.warning { border-inline-start: 4px solid #b36b00; padding-inline-start: 0.75rem; }\n',
  );
  const stats = await build();
  expect(stats.hasErrors(), stats.toString({ all: false, errors: true })).toBe(false);
}, 60_000);

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const emitted = (pattern: RegExp) => readdirSync(outDir).filter((file) => pattern.test(file));

describe('the source locale’s catalogue', () => {
  it('is bundled with the words that load it: no chunk of its own, no catalogue entry', () => {
    expect(Object.keys(found)).toEqual(['fr-FR']);
    expect(emitted(/en-US/)).toEqual([]);
    const [main] = emitted(/^main\..*\.js$/);
    expect(readFileSync(path.join(outDir, main ?? ''), 'utf8')).toContain('"count"');
  });

  it('leaves every other locale a chunk holding its catalogue alone', () => {
    expect(found['fr-FR']).toMatch(/^catalogue-fr-FR-json\.[0-9a-f]{10}\.js$/);
    const chunk = readFileSync(path.join(outDir, found['fr-FR'] ?? ''), 'utf8');
    expect(chunk).toContain('Bonjour');
    expect(chunk).not.toContain('"count"');
  });
});

describe('the production stylesheets', () => {
  it('keep logical properties as they are for the supported browsers (no :lang() copies)', () => {
    const [css] = emitted(/\.css$/);
    const text = readFileSync(path.join(outDir, css ?? ''), 'utf8');
    expect(text).toContain('border-inline-start:4px solid #b36b00');
    expect(text).toContain('padding-inline-start:.75rem');
    expect(text).not.toContain(':lang(');
  });
});
