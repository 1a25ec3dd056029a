// The one preset of the front-end packages (docs/architecture.md, "Tests"); a relative import so
// Vite bundles it with this file instead of loading TypeScript from node_modules.
import { mergeConfig } from 'vitest/config';
import { portalVitestConfigWithOwnWindows } from '../shared/test-support/vitestPreset.ts';

/**
 * A mocked @simplewebauthn/browser is shared by the modules of one window: the issue 27 file
 * drives its own mock of it, so it runs in a window of its own (test/screens.test.tsx mocks it too).
 */
const OWN_WINDOW = ['test/passkeysIssue27.test.tsx'];

// The preset's setup, then this remote's: its own API client, bound to each test's fresh store.
const setup = decodeURIComponent(new URL('./test/setup.ts', import.meta.url).pathname);
const config = portalVitestConfigWithOwnWindows(OWN_WINDOW);
const projects = (config.test?.projects ?? []).map((project) =>
  typeof project === 'object' && project !== null && 'test' in project
    ? mergeConfig(project, { test: { setupFiles: [setup] } })
    : project,
);

export default { ...config, test: { ...config.test, projects } };
