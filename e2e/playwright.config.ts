import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

// Each remote keeps its own screenshot tests and baselines in its package (remote-<name>/e2e/);
// they run here as one project each (`npm test` runs every project; `pnpm --filter
// @portal/remote-<name> e2e` only its own). The shell's, the kernel's and the journeys across
// remotes stay in tests/ (project 'portal').
const REMOTES = ['remote-login', 'remote-factors', 'remote-selfservice', 'remote-help'] as const;

export default defineConfig({
  testDir: './tests',
  // A baseline sits beside its spec (`<spec>-snapshots/<name>-linux.png`), named the same in every
  // project: the project's name is not part of it.
  snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    // Debian's Chromium here; elsewhere Playwright's own (`npx playwright install chromium`).
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'portal', testDir: './tests' },
    ...REMOTES.map((remote) => ({ name: remote, testDir: `../${remote}/e2e` })),
    // The journeys in Chromium, Firefox ESR and WebKitGTK (engines/README in e2e/README.md); each
    // test is independent, so they spread over the workers one by one.
    { name: 'engines', testDir: './engines', fullyParallel: true },
  ],
});
