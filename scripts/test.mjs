// `npm test`: every check, in the order a failure is cheapest to find.
import { buildAll, install, pnpm } from './run.mjs';

install();
pnpm('Lint (Biome)', ['exec', 'biome', 'ci', '.']);
pnpm('Lint stylesheets (Stylelint: design tokens only)', ['run', 'lint:css']);
pnpm('Message catalogues (extraction current, every locale agrees with its source)', ['run', 'i18n:check']);
pnpm('Dead code (knip)', ['exec', 'knip', '--no-progress']);
pnpm('Type-check every package', ['-r', '--workspace-concurrency=2', 'typecheck']);
pnpm('Unit tests (vitest)', ['-r', '--workspace-concurrency=2', 'test']);
buildAll();
pnpm('End-to-end tests (Playwright: Chromium; journeys in Firefox ESR and WebKitGTK)', [
  '--filter',
  '@portal/e2e',
  'e2e',
]);
console.log('\nAll checks passed.');
