import { mergeConfig } from 'vitest/config';
// The one preset of the front-end packages (docs/architecture.md, "Tests"); a relative import so
// Vite bundles it with this file instead of loading TypeScript from node_modules.
import { portalVitestConfig } from '../shared/test-support/vitestPreset.ts';

// Each test file in its own window for now: the router tests leave the address and the remotes'
// configuration behind, and a file run after them renders a remote that is not configured.
export default mergeConfig(portalVitestConfig(), { test: { isolate: true } });
