// The one preset of the front-end packages (docs/architecture.md, "Tests"); a relative import so
// Vite bundles it with this file instead of loading TypeScript from node_modules.
import { portalVitestConfig } from '../shared/test-support/vitestPreset.ts';

export default portalVitestConfig();
