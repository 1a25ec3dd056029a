import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { PageGlobals } from './pageGlobals.js';

/** The WCAG 2.0–2.2 A and AA rules of axe-core (as e2e/src/axeGuard.ts runs them). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** The text of the portal's error banner: a screen that threw shows it in its route's place. */
export const FAILURE_TEXT = 'Unable to handle the request';

/** How long a screen has to show its heading (or its failure banner). */
const SETTLE_TIMEOUT_MS = 10_000;

/** After the screen settles: its own first calls answer, and their errors land in its visit. */
const QUIET_MS = 300;

/** Requests a page's code makes to the SSO and the portal server (not its files). */
const API_CALLS = new Set(['fetch', 'xhr']);

const RESPONSE_LINE = 'Failed to load resource: the server responded with a status of';

let axeSource: string | undefined;

/** axe-core's browser script (the dependency's own axe.min.js), read once. */
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * What went wrong on a page, in sentences, attributed to the visit running at the time: page
 * errors, console errors, failed requests and error responses. The error boundary's console
 * warning ('<remote> screen failed: <error>') is kept too: it names what a screen threw.
 */
export class PageWatch {
  private current: string[] = [];

  constructor(page: Page) {
    page.on('pageerror', (error) => this.current.push(`uncaught error: ${error.message}`));
    page.on('console', (message) => {
      const text = message.text();
      // Chromium's own line for an error response: the response itself is judged above.
      if (message.type() === 'error' && !text.startsWith(RESPONSE_LINE))
        this.current.push(`console error: ${text}`);
      else if (message.type() === 'warning' && /screen failed: /.test(text))
        this.current.push(`the screen threw: ${text.replace(/^.*screen failed: /, '').split('\n')[0]}`);
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'failed';
      // A navigation away cancels what the page had in flight; that is no fault.
      if (reason !== 'net::ERR_ABORTED') this.current.push(`request failed: ${request.url()} (${reason})`);
    });
    page.on('response', (response) => {
      // The page's own files must arrive; an SSO call's 4xx is an answer the screens handle
      // (chris.change's 428 asks for a new password), and its error a screen shows is judged there.
      if (response.status() >= 400 && !API_CALLS.has(response.request().resourceType()))
        this.current.push(`HTTP ${response.status()}: ${response.url()}`);
    });
  }

  /** The problems seen since the last take (and forgets them). */
  take(): string[] {
    const seen = this.current;
    this.current = [];
    return seen;
  }
}

export interface ScreenState {
  /** The address the page shows (path only). */
  path: string;
  /** The route's place shows the error banner (the host's RemoteErrorBoundary, or a screen's own). */
  failed: boolean;
  /** The remote whose root element is on the page, if any. */
  remotes: string[];
  heading: string;
  settled: boolean;
}

/** A screen that waits on purpose (a FIDO screen for the authenticator) is checked busy after this long. */
const BUSY_GRACE_MS = 1_500;

/**
 * Waits until the screen shows a heading (or its failure banner) with nothing loading, then a
 * moment more; a screen busy by design (waiting for an authenticator) is checked as it is.
 */
export async function settle(page: Page): Promise<ScreenState> {
  const shown = (requireIdle: boolean, timeout: number) =>
    page
      .waitForFunction(
        ([failureText, idle]) => {
          const { document } = globalThis as unknown as PageGlobals;
          const body = document.body?.textContent ?? '';
          if (document.querySelector('[data-failed-remote]') || body.includes(failureText)) return true;
          const heading = document.querySelector('h1')?.textContent?.trim();
          const busy = document.querySelector('[aria-busy="true"], progress:not([value])');
          return Boolean(heading) && !(idle && busy);
        },
        [FAILURE_TEXT, requireIdle] as const,
        { timeout },
      )
      .then(
        () => true,
        () => false,
      );
  const settled = await shown(false, SETTLE_TIMEOUT_MS);
  if (settled) await shown(true, BUSY_GRACE_MS);
  await page.waitForTimeout(QUIET_MS);
  const state = await page.evaluate((failureText) => {
    const { document, location } = globalThis as unknown as PageGlobals;
    const body = document.body?.textContent ?? '';
    return {
      path: location.pathname,
      failed: document.querySelector('[data-failed-remote]') !== null || body.includes(failureText),
      remotes: [...document.querySelectorAll('[data-remote]')].map(
        (node) => node.getAttribute('data-remote') ?? '',
      ),
      heading: document.querySelector('h1')?.textContent?.trim() ?? '',
    };
  }, FAILURE_TEXT);
  return { ...state, settled };
}

/** The WCAG A/AA violations axe-core finds on the page as it is, one sentence each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the portal's CSP and Trusted Types stay as users have them.
  await page.evaluate(axeScript());
  const violations = await page.evaluate(
    async (tags) => {
      const { axe, document } = globalThis as unknown as PageGlobals;
      if (!axe) return null;
      const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
      return results.violations.map((violation) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    [...WCAG_TAGS],
  );
  if (violations === null) return ['axe-core did not start in the page'];
  return violations.map(
    ({ id, help, targets }) =>
      `axe-core finds ${id} (${help}) on ${targets.length === 1 ? '' : `${targets.length} elements: `}${targets.slice(0, 3).join(', ')}${targets.length > 3 ? ', …' : ''}`,
  );
}
