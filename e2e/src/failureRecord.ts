import type { Page, TestInfo } from '@playwright/test';

/**
 * What the page did during a test, attached only when the test fails: every request (when it was
 * sent, its path, and its status, 'failed' or 'no reply'), the console's warnings and errors, and
 * the address the page ended at. A screenshot shows where a page stopped; this shows how it got
 * there (a call that never answered, a chunk never asked for, a late reply that moved the page).
 */
/** The record's last lines printed with the failure (the whole record is attached). */
const MAX_PRINTED_LINES = 150;

export function recordPage(page: Page): (testInfo: TestInfo) => Promise<void> {
  const started = Date.now();
  const lines: string[] = [];
  const at = () => `${String(Date.now() - started).padStart(6)} ms`;
  const shortUrl = (url: string) => {
    try {
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search.length > 80 ? '?…' : parsed.search}`;
    } catch {
      return url.slice(0, 120);
    }
  };
  const pending = new Map<unknown, string>();
  page.on('request', (request) => {
    const line = `${request.method()} ${shortUrl(request.url())}`;
    pending.set(request, line);
    lines.push(`${at()}  → ${line}`);
  });
  // Every listener is synchronous: the record asks the browser nothing, so it does not slow the
  // test it watches.
  page.on('response', (response) => {
    const request = response.request();
    pending.delete(request);
    lines.push(`${at()}  ← ${response.status()} ${request.method()} ${shortUrl(request.url())}`);
  });
  page.on('requestfailed', (request) => {
    pending.delete(request);
    lines.push(`${at()}  ✗ ${request.failure()?.errorText ?? 'failed'} ${shortUrl(request.url())}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      lines.push(`${at()}  console.${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) lines.push(`${at()}  document ${shortUrl(frame.url())}`);
  });

  return async (testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    const unanswered = [...pending.values()].map((line) => `  no reply: ${line}`);
    const url = page.isClosed() ? '(page closed)' : shortUrl(page.url());
    const record = [...lines, ...unanswered, `${at()}  the page is at ${url}`];
    await testInfo.attach('page record', { body: record.join('\n'), contentType: 'text/plain' });
    // The reporter shortens an attachment; a CI log should hold the record itself (its end).
    console.log(`page record of '${testInfo.title}':\n${record.slice(-MAX_PRINTED_LINES).join('\n')}`);
  };
}
