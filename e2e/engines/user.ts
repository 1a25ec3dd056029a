import type { EngineDriver, EngineName, Key } from './drivers/driver';
import { locate, type Matches, type Query, type TextMatch } from './drivers/finder';

/** How long a journey waits for what it expects to see (the project's expect timeout). */
const WAIT_MS = 10_000;
const POLL_MS = 50;

function describe(query: Query): string {
  return JSON.stringify(query);
}

/**
 * A user at one engine's browser: finds things as they read (role and name, label, text), waits
 * for what they would see, then acts with real clicks and key presses. Engine-neutral: every
 * journey runs through this against the three drivers.
 */
export class User {
  constructor(
    readonly driver: EngineDriver,
    private readonly baseUrl: string,
  ) {}

  get engine(): EngineName {
    return this.driver.engine;
  }

  async goto(path: string): Promise<void> {
    await this.driver.goto(new URL(path, this.baseUrl).href);
  }

  /** Waits until the description of a query satisfies `ok`; fails with what it last saw. */
  async until(query: Query, ok: (matches: Matches) => boolean, what: string): Promise<Matches> {
    const deadline = Date.now() + WAIT_MS;
    let last: Matches | undefined;
    for (;;) {
      last = (await this.driver.locate(locate, query)).state;
      if (ok(last)) return last;
      if (Date.now() > deadline)
        throw new Error(
          `${this.engine}: waited ${WAIT_MS} ms for ${describe(query)} to ${what}; saw ${JSON.stringify(last)}; the page: ${await this.pageText()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Waits until it is on the page. */
  see(query: Query): Promise<Matches> {
    return this.until(query, (m) => m.count > 0, 'be shown');
  }

  /** Waits until it is on the page and contains a text. */
  seeText(query: Query, text: string): Promise<Matches> {
    return this.until(query, (m) => m.count > 0 && m.text.includes(text), `contain '${text}'`);
  }

  /** Waits until it is not (or no longer) on the page. */
  async gone(query: Query): Promise<void> {
    await this.until(query, (m) => m.count === 0, 'be gone');
  }

  /** Waits until there are `count` of them. */
  count(query: Query, count: number): Promise<Matches> {
    return this.until(query, (m) => m.count === count, `number ${count}`);
  }

  enabled(query: Query): Promise<Matches> {
    return this.until(query, (m) => m.count > 0 && m.enabled, 'be enabled');
  }

  disabled(query: Query): Promise<Matches> {
    return this.until(query, (m) => m.count > 0 && !m.enabled, 'be disabled');
  }

  focused(query: Query): Promise<Matches> {
    return this.until(query, (m) => m.focused, 'have focus');
  }

  checked(query: Query): Promise<Matches> {
    return this.until(query, (m) => m.checked, 'be checked');
  }

  /**
   * Clicks it once it is shown, enabled and in the same place on two looks in a row (what
   * Playwright's actionability checks do; puppeteer and WebDriver click wherever the element was
   * when asked, and a page still laying out moves it under the pointer).
   */
  async click(query: Query): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    let before = '';
    for (;;) {
      const { element, state } = await this.driver.locate(locate, query);
      if (element && state.enabled && state.box === before) return this.driver.click(element);
      before = element && state.enabled ? state.box : '';
      if (Date.now() > deadline)
        throw new Error(
          `${this.engine}: waited ${WAIT_MS} ms to click ${describe(query)}; saw ${JSON.stringify(state)}; the page: ${await this.pageText()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Clicks into a field once it is enabled and types, key by key. */
  async fill(query: Query, text: string): Promise<void> {
    await this.click(query);
    await this.focused(query);
    await this.driver.type(text);
  }

  /** Presses Tab until the element has focus, as a keyboard user moves through the page. */
  async tabTo(query: Query, { maxPresses = 40 } = {}): Promise<void> {
    await this.see(query);
    for (let presses = 0; presses < maxPresses; presses++) {
      await this.driver.press('Tab');
      if ((await this.driver.locate(locate, query)).state.focused) return;
    }
    throw new Error(`${this.engine}: ${maxPresses} presses of Tab never reached ${describe(query)}`);
  }

  press(key: Key): Promise<void> {
    return this.driver.press(key);
  }

  async path(): Promise<string> {
    return new URL(await this.driver.url()).pathname;
  }

  /** Waits for the address (a route change is what the user sees first). */
  async at(path: RegExp): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const current = await this.path();
      if (path.test(current)) return;
      if (Date.now() > deadline)
        throw new Error(
          `${this.engine}: waited ${WAIT_MS} ms for ${path}; at ${current}: ${await this.pageText()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** What the page says (for a failure's message). */
  async pageText(): Promise<string> {
    const said = await this.driver.evaluate(
      () => (document.body.textContent ?? '').replace(/\s+/g, ' ').slice(0, 600),
      null,
    );
    return `(${await this.driver.url()}) ${said}`;
  }

  /** A PNG of the viewport or of the first match. */
  async screenshot(query?: Query): Promise<Buffer> {
    if (!query) return this.driver.screenshot();
    await this.see(query);
    const { element } = await this.driver.locate(locate, query);
    if (!element) throw new Error(`${this.engine}: ${describe(query)} left the page`);
    return this.driver.screenshot(element);
  }
}

/** Shorthands for the queries the journeys use most. */
export const role = (
  name: string,
  accessibleName?: TextMatch,
  more: Omit<Query, 'role' | 'name'> = {},
): Query => ({
  role: name,
  ...(accessibleName === undefined ? {} : { name: accessibleName }),
  ...more,
});
export const label = (text: TextMatch): Query => ({ label: text });
export { re } from './drivers/finder';
export const text = (match: TextMatch): Query => ({ text: match });
