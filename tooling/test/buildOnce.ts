import { rspack, type RspackOptions, type Stats } from '@rspack/core';

/** Builds `options` once, for real, and closes the compiler: the tests' small fixture builds. */
export function buildOnce(options: RspackOptions): Promise<Stats> {
  const compiler = rspack(options);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || !stats) reject(error ?? new Error('no stats'));
      else resolve(stats);
    });
  });
}
