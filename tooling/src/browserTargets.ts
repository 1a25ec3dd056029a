import { LightningCssMinimizerRspackPlugin, SwcJsMinimizerRspackPlugin } from '@rspack/core';

/**
 * The browsers the portal supports: those that run its ES2022 scripts (class static blocks,
 * top-level await, `Array.prototype.at`). The same floor for the stylesheets: without it, Lightning
 * CSS compiles for Rspack's default ("fully supports es6", 2016 browsers), and every logical
 * property (`border-inline-start`) became three copies of a `:lang(ar)…:lang(yi)` selector
 * (`-webkit-any`, `-moz-any`, `:is`): about two thirds of the stylesheets' bytes, which the
 * rendered first screen carries inline and parses before its first paint (issue 25). Every browser
 * here has logical properties, `:is()` and `:focus-visible`.
 */
const SUPPORTED_BROWSERS = [
  'chrome >= 94',
  'edge >= 94',
  'firefox >= 93',
  'safari >= 16.4',
  'ios_saf >= 16.4',
];

/** The production minimizers: Rspack's own two, the stylesheets' compiled for SUPPORTED_BROWSERS. */
export function productionMinimizers() {
  return [
    new SwcJsMinimizerRspackPlugin(),
    new LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: SUPPORTED_BROWSERS } }),
  ];
}
