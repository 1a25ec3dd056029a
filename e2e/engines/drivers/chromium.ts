import { type Browser, chromium, type ElementHandle, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import type { ElementRef, EngineBrowser, EngineDriver, Key, Located, PageFunction } from './driver';
import { VIEWPORT } from './driver';

/** Chromium through Playwright (Debian's /usr/bin/chromium, as every other project uses). */
interface ChromiumElement extends ElementRef {
  readonly handle: ElementHandle;
}

function handleOf(element: ElementRef): ElementHandle {
  return (element as ChromiumElement).handle;
}

function chromiumTab(page: Page): EngineDriver {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The browser's own network log ('Failed to load resource: … 428') is no error of the page.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return {
    engine: 'chromium',
    goto: async (url) => {
      await page.goto(url);
    },
    url: async () => page.url(),
    // The arguments are JSON: the library's handle-unwrapping types do not apply.
    evaluate: <A, R>(fn: PageFunction<A, R>, arg: A) =>
      page.evaluate(fn as PageFunction<unknown, R>, arg) as Promise<R>,
    locate: async <A, S>(fn: PageFunction<A, Located<S>>, arg: A) => {
      const result = await page.evaluateHandle(fn as PageFunction<unknown, Located<S>>, arg);
      const element = (await result.getProperty('element')).asElement();
      const state = (await (await result.getProperty('state')).jsonValue()) as S;
      await result.dispose();
      return {
        element: element ? ({ engine: 'chromium', handle: element } as ChromiumElement) : null,
        state,
      };
    },
    click: async (element) => {
      await handleOf(element).click();
    },
    type: async (text) => {
      await page.keyboard.type(text);
    },
    press: async (key: Key) => {
      await page.keyboard.press(key);
    },
    screenshot: async (element) => (element ? handleOf(element).screenshot() : page.screenshot()),
    readClipboard: () => page.evaluate(() => navigator.clipboard.readText()),
    pageErrors: () => [...errors],
    close: async () => {
      await page.context().close();
    },
  };
}

export async function launchChromium(): Promise<EngineBrowser> {
  const browser: Browser = await chromium.launch(chromiumLaunchOptions());
  return {
    engine: 'chromium',
    open: async () => {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      return chromiumTab(await context.newPage());
    },
    close: () => browser.close(),
  };
}
