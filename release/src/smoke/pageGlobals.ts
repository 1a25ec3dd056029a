import type { AxeResults } from 'axe-core';

/**
 * The few browser globals the smoke's in-page functions use (release/ compiles without the DOM
 * library: it is a Node tool). In a function handed to page.evaluate: `globalThis as unknown as PageGlobals`.
 */
interface PageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
}

export interface PageGlobals {
  document: {
    body: PageElement | null;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement>;
  };
  location: { pathname: string };
  history: { pushState(state: object, unused: string, url: string): void };
  dispatchEvent(event: object): boolean;
  PopStateEvent: new (type: string, init: { state: object }) => object;
  /** axe-core, once its script has run in the page. */
  axe?: { run(context: object, options: object): Promise<AxeResults> };
}
