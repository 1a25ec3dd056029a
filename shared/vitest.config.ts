import { portalVitestConfig } from './test-support/vitestPreset.ts';

export default portalVitestConfig();
