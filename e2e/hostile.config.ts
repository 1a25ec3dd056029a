import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run test:hostile`: the whole fault campaign (hostile/), with its report tables
// (src/hostile/tableReporter.ts). Two workers (one stack each; the cases are independent): about
// 530 cases at 3 to 5 s each. `-- --workers=1` when the machine is shared.
export default defineConfig({
  ...base,
  testDir: './hostile',
  workers: 2,
  fullyParallel: true,
  reporter: [['line'], ['./src/hostile/tableReporter.ts']],
  projects: [{ name: 'hostile', testDir: './hostile' }],
});
