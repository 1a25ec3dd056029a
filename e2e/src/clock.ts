import type { Page } from '@playwright/test';

/** Playwright's words when the time to pause at has already gone by on the page's clock. */
const IN_THE_PAST = 'Cannot fast-forward to the past';

/**
 * Stops the page's clock about where it is now, firing nothing that is due later. Playwright's
 * clock can only pause at a given time, and on a loaded machine a time read from the page can be
 * past by the time the pause arrives (a margin of one second once was not enough): then the
 * page's time is read again.
 */
export async function pauseClockNow(page: Page, aheadMs = 250): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + aheadMs);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes(IN_THE_PAST)) throw error;
    }
  }
}
