/**
 * What a journey asks of a browser, whichever engine runs it. Three adapters implement it:
 * Playwright's Chromium (chromium.ts), Firefox ESR over WebDriver BiDi with puppeteer-core
 * (firefox.ts) and WebKitGTK over W3C WebDriver HTTP (webkit.ts). Input is real: the driver's
 * mouse clicks and key events, never `element.click()` in a script.
 */

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINES)[number];

/** The keys the journeys press. */
export type Key = 'Tab' | 'Enter' | 'Escape';

/** An element the page handed out (a Playwright or puppeteer handle, a WebDriver element id). */
export interface ElementRef {
  readonly engine: EngineName;
}

/** What a locating page function returns. */
export interface Located<S> {
  element: Element | null;
  state: S;
}

/** A function run in the page (serialised: self-contained, no closures): JSON in, JSON out. */
export type PageFunction<A, R> = (arg: A) => R;

/** One tab of one engine, with its own cookies and storage (a fresh context or session per test). */
export interface EngineDriver {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  evaluate<A, R>(fn: PageFunction<A, R>, arg: A): Promise<R>;
  /**
   * Runs a page function that finds an element and describes the page: the element (or null) as a
   * reference the driver can click, the description as JSON.
   */
  locate<A, S>(fn: PageFunction<A, Located<S>>, arg: A): Promise<{ element: ElementRef | null; state: S }>;
  /** A real mouse click in the element's centre (scrolled into view). */
  click(element: ElementRef): Promise<void>;
  /** Key events for each character, into whatever has focus. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** A PNG of the viewport, or of one element. */
  screenshot(element?: ElementRef): Promise<Buffer>;
  /** The clipboard's text, or null where the engine does not let a test read it (Firefox, WebKit). */
  readClipboard(): Promise<string | null>;
  /**
   * Uncaught errors and console errors since the tab opened; null where the engine does not
   * report them (WebDriver classic has no log endpoint in WebKitGTK).
   */
  pageErrors(): string[] | null;
  close(): Promise<void>;
}

/** One running browser of an engine (one per worker); `open` gives a fresh tab with its own state. */
export interface EngineBrowser {
  readonly engine: EngineName;
  open(): Promise<EngineDriver>;
  close(): Promise<void>;
}

/** Every tab is this size: the screenshots compare engines at 1280 px. */
export const VIEWPORT = { width: 1280, height: 800 } as const;
