import { existsSync } from 'node:fs';
import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import type { ElementRef, EngineBrowser, EngineDriver, Key, Located, PageFunction } from './driver';
import { VIEWPORT } from './driver';
import { missingEngine } from './missing';

/** Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (Playwright's needs a newer Firefox). */
const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

interface FirefoxElement extends ElementRef {
  readonly handle: ElementHandle<Element>;
}

function handleOf(element: ElementRef): ElementHandle<Element> {
  return (element as FirefoxElement).handle;
}

function firefoxTab(page: Page): EngineDriver {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on('console', (message) => {
    // The browser's own network log ('Failed to load resource: … 428') is no error of the page.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return {
    engine: 'firefox',
    goto: async (url) => {
      await page.goto(url);
    },
    url: async () => page.url(),
    // The arguments are JSON: the library's handle-unwrapping types do not apply.
    evaluate: <A, R>(fn: PageFunction<A, R>, arg: A) =>
      page.evaluate(fn as PageFunction<unknown, R>, arg) as Promise<R>,
    locate: async <A, S>(fn: PageFunction<A, Located<S>>, arg: A) => {
      const result = await page.evaluateHandle(fn as PageFunction<unknown, Located<S>>, arg);
      const element = (await result.getProperty('element')).asElement() as ElementHandle<Element> | null;
      const state = (await (await result.getProperty('state')).jsonValue()) as S;
      return { element: element ? ({ engine: 'firefox', handle: element } as FirefoxElement) : null, state };
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
    screenshot: async (element) =>
      Buffer.from(element ? await handleOf(element).screenshot() : await page.screenshot()),
    readClipboard: async () => null,
    pageErrors: () => [...errors],
    close: async () => {
      await page.browserContext().close();
    },
  };
}

export async function launchFirefox(): Promise<EngineBrowser> {
  if (!existsSync(FIREFOX_PATH)) throw missingEngine('firefox', FIREFOX_PATH);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: VIEWPORT,
  });
  return {
    engine: 'firefox',
    open: async () => {
      // A user context per test: its own cookies and storage, in the one browser of the worker.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(VIEWPORT);
      return firefoxTab(page);
    },
    close: () => browser.close(),
  };
}
