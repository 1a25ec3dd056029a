import type { Page } from '@playwright/test';

/**
 * Resolves once every task the page had queued when it was called has run, and whatever those
 * tasks reported to the test (exposed bindings, console, requests) has reached it: the page's
 * answer comes after its earlier messages on the same connection. For a check that something did
 * *not* happen (a CSP violation, a dialog, a request) after the page has visibly finished, instead
 * of a fixed sleep. Needs the page's real timers (not a paused Playwright clock).
 */
export async function pageTasksRun(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // A task queued behind the page's own, then one more turn for tasks those queued.
        setTimeout(() => setTimeout(resolve, 0), 0);
      }),
  );
}
