import type { Page, Request } from '@playwright/test';

/**
 * The JSON bodies the server sent for the page's requests that `wanted` picks, in order, read by
 * the test's own fetch of each (route.fetch) and handed to the page unchanged. Not read back from
 * the browser (`response.json()`): Chromium's DevTools buffer sometimes has no body for a fetch the
 * page has read ('No data found for resource'), which says nothing about the portal.
 */
export async function recordServerReplies(
  page: Page,
  url: string | RegExp | ((url: URL) => boolean),
  wanted: (request: Request) => boolean,
): Promise<unknown[]> {
  const replies: unknown[] = [];
  await page.route(url, async (route) => {
    if (!wanted(route.request())) return route.fallback();
    const response = await route.fetch();
    // A reply that is not JSON (an empty body, a page) is recorded as null.
    replies.push(await response.json().catch(() => null));
    return route.fulfill({ response });
  });
  return replies;
}
