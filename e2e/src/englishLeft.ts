import type { Page } from '@playwright/test';

/**
 * Text the page shows that is still the source's English, for a page in the pseudo-locale en-XA
 * (every word of a catalogue there is accented, lengthened and bracketed): a line of plain ASCII
 * with a word of three letters or more. Hidden parts are left out (the text a user sees, line by
 * line). `ignore`: lines that are data, not words (a user name the test typed, an e-mail address
 * from the configuration).
 */
export async function englishLeft(page: Page, ignore: readonly RegExp[] = []): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the text a user sees (hidden parts left out), line by line
  const text = await page.locator('body').innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /[A-Za-z]{3,}/.test(line) && /^[\x20-\x7e]*$/.test(line))
    .filter((line) => !ignore.some((pattern) => pattern.test(line)));
}
