import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { type ScreenClaims, screenClaims } from './screenClaims';

declare global {
  interface Window {
    __portalScreenChanged?: (key: string) => void;
    __portalScreenKey?: () => string;
  }
}

/** The WCAG 2.0–2.2 A and AA rules of axe-core. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A screen state counts as settled when it has not changed for this long (real time). */
const SETTLE_MS = 400;

export interface AxeGuardOptions {
  /** Run axe on the screens this test visits (true unless a test says otherwise). */
  axeCheck: boolean;
}

export interface AxeGuardFixtures {
  /**
   * Checks the page's current screen state now, once it is not busy (for a spec that visits
   * screen states on purpose and must not leave one unchecked); its violations join axeViolations.
   */
  checkA11y: (page: Page, options?: CheckOptions) => Promise<void>;
  /**
   * axe-core violations (WCAG 2.0–2.2 A/AA) found on the screens the test visited, each once per
   * run (see screenClaims). A test fails if any remain at its end.
   */
  axeViolations: string[];
}

export interface CheckOptions {
  /** The screen stays busy by design (connecting to a provider): check it as it is. */
  whileBusy?: boolean;
}

interface AxeSession {
  violations: string[];
  checkNow: (page: Page, options?: CheckOptions) => Promise<void>;
}

interface AxeGuardWorkerFixtures {
  /** Screen states already checked in this run: each is checked once, whichever worker shows it. */
  axeChecked: ScreenClaims;
}

/**
 * Runs in every page (an init script): defines what makes a screen state — the address, the
 * heading, an open dialog, how many alerts show, whether something is busy (loading bar, a dialog
 * moving), the width — and reports each change of it to the test.
 */
function watchScreenState(): void {
  window.__portalScreenKey = () => {
    const heading = document.querySelector('h1')?.textContent?.trim() ?? '';
    const dialog = document.querySelector('dialog[open]');
    const dialogName = dialog ? (dialog.querySelector('h2')?.textContent?.trim() ?? 'dialog') : '';
    const alerts = document.querySelectorAll('[role="alert"]').length;
    const busy =
      document.querySelector(
        '[aria-busy="true"], [data-phase="opening"], [data-phase="closing"], [data-phase="leaving"]',
      ) !== null;
    // No heading yet: the screen is still loading.
    const loading = heading === '';
    return [
      `${location.origin}${location.pathname}`,
      heading,
      dialogName,
      `alerts:${alerts}`,
      `width:${window.innerWidth}`,
      busy || loading ? 'busy' : '',
    ].join(' | ');
  };
  let last = '';
  const report = () => {
    const key = window.__portalScreenKey?.() ?? '';
    if (key === last) return;
    last = key;
    window.__portalScreenChanged?.(key);
  };
  const observe = () => {
    new MutationObserver(report).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    window.addEventListener('resize', report);
    report();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', observe);
  else observe();
}

/** The page's current screen state (watchScreenState's key). */
const readScreenKey = () => window.__portalScreenKey?.() ?? '';

/**
 * axe-core waits on the page's timers: under a paused Playwright clock it never finishes. Past this
 * (real time) the state is given up unchecked instead of holding the test.
 */
const ANALYSIS_LIMIT_MS = 4_000;
/** A check the test asked for waits longer (a loaded machine), and failing to finish fails it. */
const EXPLICIT_ANALYSIS_LIMIT_MS = 20_000;

function withinLimit<T>(work: Promise<T>, limitMs: number): Promise<T | 'too slow'> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'too slow'>((resolve) => {
    timer = setTimeout(() => resolve('too slow'), limitMs);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const isBusy = (key: string) => key.endsWith(' | busy');

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** axe-core's WCAG 2.0–2.2 A/AA rules on the page as it is now. */
function analyseWcag(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
}

/** One line per violation: the rule, its impact, where (`where`: the screen state) and three elements. */
function describeViolations(results: AxeResults, where: string): string[] {
  return results.violations.map((violation) => {
    const elements = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(', ');
    return `${violation.id} (${violation.impact ?? 'n/a'}) on [${where}]: ${violation.help} — ${elements}`;
  });
}

/**
 * The WCAG A/AA violations of the page as it is now, each described as the guard does, or 'too
 * slow' when axe did not finish within EXPLICIT_ANALYSIS_LIMIT_MS (axe waits on the page's timers:
 * under a paused Playwright clock it never does). For a check of its own outside the guard's
 * once-per-state claims (the locale pass, src/localePass.ts).
 */
export async function wcagViolationsNow(page: Page, where: string): Promise<string[] | 'too slow'> {
  const results = await withinLimit(analyseWhenFree(page), EXPLICIT_ANALYSIS_LIMIT_MS);
  return results === 'too slow' ? results : describeViolations(results, where);
}

/**
 * analyseWcag once the page's axe is free: the guard may be analysing the same page (a state it
 * saw settle), and axe-core runs one analysis at a time per page.
 */
async function analyseWhenFree(page: Page): Promise<AxeResults> {
  for (;;) {
    try {
      return await analyseWcag(page);
    } catch (error) {
      if (!String(error).includes('Axe is already running')) throw error;
      await page.waitForFunction(() => !(window as { axe?: { _running?: boolean } }).axe?._running);
    }
  }
}

/**
 * Automatic: every screen state of the portal that a test reaches is checked with axe-core (the
 * WCAG 2.0–2.2 A/AA rules) once it has settled, at the viewport in use, and the test fails on any
 * violation. The page reports each change of its state (watchScreenState); a state that stays the
 * same for SETTLE_MS and is not busy is analysed, unless this worker has already checked it (so
 * the cost is paid once per screen state in the whole run, not once per test or per worker); the state the test ends on is
 * checked too. Pages of other origins (the emulator's identity provider) are not ours to check.
 */
export const axeGuard = base.extend<
  AxeGuardFixtures & AxeGuardOptions & { axeSession: AxeSession },
  AxeGuardWorkerFixtures
>({
  // PORTAL_AXE=off runs the suite without it (to measure what it costs).
  axeCheck: [process.env.PORTAL_AXE !== 'off', { option: true }],
  axeChecked: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      await use(screenClaims());
    },
    { scope: 'worker' },
  ],
  axeViolations: [
    async ({ axeSession }, use) => {
      await use(axeSession.violations);
    },
    { auto: true },
  ],
  checkA11y: async ({ axeSession }, use) => {
    await use(axeSession.checkNow);
  },
  axeSession: [
    async ({ context, baseURL, axeCheck, axeChecked }, use) => {
      const violations: string[] = [];
      if (!axeCheck) {
        await use({ violations, checkNow: async () => {} });
        return;
      }
      const origin = baseURL ? new URL(baseURL).origin : null;
      const latest = new Map<Page, string>();
      let queue: Promise<void> = Promise.resolve();
      let ended = false;

      /** `explicit`: asked for by the test (checkA11y): always analysed, and a timeout is a failure. */
      const analyse = async (page: Page, key: string, whileBusy = false, explicit = false) => {
        if (page.isClosed() || (origin && !key.startsWith(origin))) return;
        if (isBusy(key) && !whileBusy) return;
        // Each worker's portal has its own port: the state is the same screen on any of them.
        const runKey = origin ? key.slice(origin.length) : key;
        if (!axeChecked.claim(runKey) && !explicit) return;
        const t0 = Date.now();
        try {
          const results = await withinLimit(
            analyseWcag(page),
            explicit ? EXPLICIT_ANALYSIS_LIMIT_MS : ANALYSIS_LIMIT_MS,
          );
          if (results === 'too slow') {
            if (explicit)
              violations.push(`axe did not finish within ${EXPLICIT_ANALYSIS_LIMIT_MS} ms on [${key}]`);
            return;
          }
          // The screen moved on while axe looked at it: the results may mix two states; look again later.
          const now = await page.evaluate(readScreenKey);
          if (process.env.AXE_DEBUG)
            console.log(`axe ${Date.now() - t0} ms: ${key}${now !== key ? ' MOVED' : ''}`);
          if (now !== key) {
            axeChecked.release(runKey);
            return;
          }
          violations.push(...describeViolations(results, key));
        } catch (e) {
          if (process.env.AXE_DEBUG) console.log(`axe failed ${Date.now() - t0} ms: ${key} ${e}`);
          // The page navigated or closed during the analysis: that state is gone; it is checked
          // when a test shows it again.
          axeChecked.release(runKey);
        }
      };

      const settleThenAnalyse = (page: Page, key: string) => {
        setTimeout(() => {
          if (ended || latest.get(page) !== key) return;
          queue = queue.then(() => analyse(page, key));
        }, SETTLE_MS);
      };

      await context.exposeBinding('__portalScreenChanged', ({ page }, key: string) => {
        latest.set(page, key);
        settleThenAnalyse(page, key);
      });
      await context.addInitScript(watchScreenState);

      const checkNow = async (page: Page, { whileBusy = false }: CheckOptions = {}) => {
        let key = '';
        await expect
          .poll(async () => {
            key = await page.evaluate(readScreenKey);
            return isBusy(key) && !whileBusy;
          }, 'the screen to settle before axe checks it')
          .toBe(false);
        await queue;
        await analyse(page, key, whileBusy, true);
      };
      await use({ violations, checkNow });

      ended = true;
      await queue;
      // The state each page ends on, when it has not been checked yet.
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        const key = await page.evaluate(readScreenKey).catch(() => null);
        if (key) await analyse(page, key);
      }
      expect(violations, 'axe-core (WCAG 2.0–2.2 A/AA) violations on the screens of this test').toEqual([]);
    },
    { auto: true },
  ],
});
