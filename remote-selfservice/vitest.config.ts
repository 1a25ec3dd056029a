// The one preset of the front-end packages (docs/architecture.md, "Tests"); a relative import so
// Vite bundles it with this file instead of loading TypeScript from node_modules.
import { mergeConfig } from 'vitest/config';
import { portalVitestConfig } from '../shared/test-support/vitestPreset.ts';

// The preset's setup, then this remote's: its own API client, bound to each test's fresh store.
export default mergeConfig(portalVitestConfig(), {
  test: { setupFiles: [decodeURIComponent(new URL('./test/setup.ts', import.meta.url).pathname)] },
});
