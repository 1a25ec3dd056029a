// Builds the floor page with Rspack (production, one script, one stylesheet) and precompresses
// it with brotli, so it is served the way a well-run static site would serve it.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { HtmlRspackPlugin, rspack } from '@rspack/core';

const here = import.meta.dirname;

export async function buildFloor() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-floor-'));
  const compiler = rspack({
    mode: 'production',
    context: here,
    entry: './FloorPage.jsx',
    target: ['web', 'es2022'],
    output: {
      path: outDir,
      filename: 'floor.[contenthash:8].js',
      cssFilename: 'floor.[contenthash:8].css',
      publicPath: '/',
    },
    resolve: { extensions: ['.jsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.jsx$/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'ecmascript', jsx: true },
              transform: { react: { runtime: 'automatic' } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [new HtmlRspackPlugin({ template: path.join(here, 'index.html'), scriptLoading: 'defer' })],
    optimization: { splitChunks: false },
  });
  await new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else compiler.close(() => resolve());
    }),
  );
  // The HTML floor: the same form as server-rendered HTML with no script and no stylesheet.
  copyFileSync(path.join(here, 'html-floor.html'), path.join(outDir, 'html-floor.html'));
  for (const name of readdirSync(outDir)) {
    const file = path.join(outDir, name);
    const br = brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    writeFileSync(`${file}.br`, br);
  }
  return outDir;
}
