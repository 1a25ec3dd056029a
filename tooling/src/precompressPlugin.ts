import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; source maps are fetched by developers only. */
const COMPRESSIBLE = /\.(js|css|json|html|svg)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip 9) beside every emitted text asset, so
 * the portal server sends the smallest encoding the browser accepts without compressing per
 * request. Done once per build, since release folders never change afterwards.
 */
export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outDir = compilation.outputOptions.path ?? compiler.outputPath;
      const names = compilation.getAssets().map((asset) => asset.name);
      await Promise.all(
        names
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = path.join(outDir, name);
            const content = await readFile(file).catch(() => null);
            if (!content || content.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    });
  }
}
