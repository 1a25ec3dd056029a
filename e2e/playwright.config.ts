import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { FONTCONFIG_FILE } from './src/screenshots';

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure'] as const;
type TraceMode = (typeof TRACE_MODES)[number];
const traceMode = (value: string | undefined): TraceMode =>
  TRACE_MODES.find((mode) => mode === value) ?? 'off';

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
  // One claims directory for the axe guard's screen states, shared by every worker of the run.
  globalSetup: './src/globalSetup.ts',
  use: {
    browserName: 'chromium',
    // A trace costs about an eighth of the suite's CPU; a failure keeps a screenshot and the
    // page's aria snapshot, and E2E_TRACE=retain-on-failure records traces for a rerun.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    // Debian's Chromium here; elsewhere Playwright's own (`npx playwright install chromium`).
    // Every worker renders with the fonts of fonts-dejavu-core only (src/fonts.conf), not just the
    // screenshot specs': one set of launch options lets every spec of a project share a worker
    // (a spec with its own launch options needs a new worker, with new servers and a new browser).
    launchOptions: { ...chromiumLaunchOptions(), env: { ...process.env, FONTCONFIG_FILE } },
  },
  projects: [
    { name: 'portal', testDir: './tests' },
    ...REMOTES.map((remote) => ({ name: remote, testDir: `../${remote}/e2e` })),
    // The journeys in Chromium, Firefox ESR and WebKitGTK (engines/README in e2e/README.md); each
    // test is independent, so they spread over the workers one by one.
    { name: 'engines', testDir: './engines', fullyParallel: true },
  ],
});
