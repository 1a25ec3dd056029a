// `npm run test:hostile`: the whole fault campaign (issue 30; README, "The fault campaign"):
// installs, builds, then serves every call family every hostile reply derived from its schema and
// prints one report table per family.
import { buildAll, install, pnpm } from './run.mjs';

install();
buildAll();
pnpm('Fault campaign (Playwright, Chromium, two workers)', [
  '--filter',
  '@portal/e2e',
  'exec',
  'playwright',
  'test',
  '--config',
  'hostile.config.ts',
  ...process.argv.slice(2),
]);
