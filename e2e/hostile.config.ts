import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run test:hostile`: the whole fault campaign (hostile/), with its report tables
// (src/hostile/tableReporter.ts). One worker: the cases share one stack per worker, and the
// machine's other work goes on beside it.
export default defineConfig({
  ...base,
  testDir: './hostile',
  workers: 1,
  reporter: [['line'], ['./src/hostile/tableReporter.ts']],
  projects: [{ name: 'hostile', testDir: './hostile' }],
});
