// The one preset of the front-end packages (docs/architecture.md, "Tests"); a relative import so
// Vite bundles it with this file instead of loading TypeScript from node_modules.
import { portalVitestConfigWithOwnWindows } from '../shared/test-support/vitestPreset.ts';

/**
 * These files leave module state behind that another file in the same window trips over (the
 * routes test/routing.ts registers, a vendor risk global, a mocked @simplewebauthn/browser that a
 * file importing the real one first makes useless), so each runs in its own window. The others
 * share one, as in every package: a window per file was most of this package's test time.
 */
const OWN_WINDOW = [
  'test/UserIdPage.test.tsx',
  'test/passkeyAutofill.test.tsx',
  'test/IdpCompletePage.test.tsx',
  'test/PasswordPage.test.tsx',
  'test/riskCollectors.test.ts',
];

export default portalVitestConfigWithOwnWindows(OWN_WINDOW);
