// The one preset of the front-end packages (docs/architecture.md, "Tests"); a relative import so
// Vite bundles it with this file instead of loading TypeScript from node_modules.
import { portalVitestConfigWithOwnWindows } from '../shared/test-support/vitestPreset.ts';

/**
 * The router test configures remotes and moves the address, module state of the federation
 * registry that another file in the same window would trip over (and that it trips over itself
 * after one): it runs in its own window. The language picker's test chooses Hebrew, the page's
 * locale for every file after it in the same window (and writes the choice's cookie): its own too.
 * The remote screen's test and the screen failure report's mock the loading of a screen (and the
 * latter the federation registry), which a file before them in the same window has already
 * imported for real: their own too. The others share one, as in every package.
 */
const OWN_WINDOW = [
  'test/router.test.tsx',
  'test/LanguagePicker.test.tsx',
  'test/RemoteScreen.test.tsx',
  'test/screenFailureReport.test.tsx',
];

export default portalVitestConfigWithOwnWindows(OWN_WINDOW);
