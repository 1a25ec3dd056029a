import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

export default defineConfig({
  testDir: './tests',
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
});
