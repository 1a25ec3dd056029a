import { BannerPlugin, Compilation, type RspackPluginInstance } from '@rspack/core';

/** V8's explicit compile hint (Chrome 136+): compile every function of this file eagerly. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's compile hint at the top of every script a production build emits (issue 25).
 *
 * A browser's engine compiles a function the first time it is called, on the main thread, unless
 * it is told the file's functions run at load. Ours do: the start-up, the shell and the screen run
 * nearly all of their code before the form can be sent, and a trace of the throttled first screen
 * showed about 500 such compiles costing some 100 ms on the main thread, most of them React's
 * during the first render. With the hint, the engine compiles them on a background thread while
 * the file is still arriving. Other engines read it as a comment.
 *
 * The hint is added after minification (which drops comments) and before the source maps and the
 * content hashes, integrity hashes and compressed copies are made, so all of them cover it.
 */
export function eagerCompileHint(): RspackPluginInstance {
  return new BannerPlugin({
    banner: EAGER_COMPILE_HINT,
    raw: true,
    test: /\.js$/,
    stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}
