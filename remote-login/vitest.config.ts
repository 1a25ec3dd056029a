import { mergeConfig } from 'vitest/config';
// The one preset of the front-end packages (docs/architecture.md, "Tests"); a relative import so
// Vite bundles it with this file instead of loading TypeScript from node_modules.
import { portalVitestConfig } from '../shared/test-support/vitestPreset.ts';

// Each test file in its own window for now: these files leave module state behind (the routes
// test/routing.ts registers, a mocked risk collector), and 11 tests fail when they share one.
export default mergeConfig(portalVitestConfig(), { test: { isolate: true } });
