import { test } from './fixtures';
import { FIXED_TIME, VIEWPORTS } from './screenshots';

/**
 * The setup every screenshot spec shares; call it once at the top of the spec file: tests run in
 * parallel, at 1280 px unless a test says otherwise, and the browser's clock starting at
 * FIXED_TIME before the first navigation. (Every worker's Chromium renders with the fonts of
 * src/fonts.conf only: playwright.config.ts.)
 */
export function useScreenshotSetup(): void {
  test.describe.configure({ mode: 'parallel' });
  test.use({
    viewport: VIEWPORTS[1280],
  });
  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: FIXED_TIME });
  });
}
