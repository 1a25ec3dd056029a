import type { Browser, Page } from 'playwright-core';
import type { PageGlobals } from './pageGlobals.js';
import { FIXTURE_PASSWORD, type Visit } from './plan.js';
import { axeViolations, FAILURE_TEXT, PageWatch, settle } from './screenCheck.js';

/** Long enough for a cold start on a slow machine; a hung step is a failure, not a wait. */
export const STEP_TIMEOUT_MS = 15_000;

export interface ScreensOutcome {
  /** Each a sentence naming the route and expose, and what went wrong. */
  problems: string[];
  /** Routes the smoke rendered, as `<path> (<expose>)`. */
  rendered: string[];
  /** Routes it could not reach realistically, each a sentence saying why. */
  notReached: string[];
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

async function newPage(browser: Browser, portalUrl: string): Promise<{ page: Page; watch: PageWatch }> {
  const context = await browser.newContext({ baseURL: portalUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return { page, watch: new PageWatch(page) };
}

/** Through the real screens: User ID (not remembered), and the password unless the target is the password page. */
export async function startSignIn(page: Page, user: string, target: string): Promise<void> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill(user);
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname !== '/direct');
  if (new URL(page.url()).pathname !== '/verify' || target === '/verify') return;
  await page.getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL((url) => url.pathname !== '/verify');
}

/** An in-app navigation (the page is not reloaded, so the in-memory session survives). */
async function navigateInApp(page: Page, target: string): Promise<void> {
  await page.evaluate((address) => {
    const page = globalThis as unknown as PageGlobals;
    page.history.pushState({}, '', address);
    page.dispatchEvent(new page.PopStateEvent('popstate', { state: {} }));
  }, target);
}

/**
 * Renders the screen the page shows now as the visit's, and says what is wrong with it: the
 * error banner in its place (it threw), any page or console error or failed request while it was
 * reached and shown, no screen of the remote, or an axe-core violation.
 */
async function checkScreen(
  portalUrl: string,
  page: Page,
  watch: PageWatch,
  remote: string,
  visit: Visit,
  outcome: ScreensOutcome,
): Promise<void> {
  const name = `${visit.path} (${visit.expose}${visit.kind === 'factor' ? ` as ${visit.user}` : ''})`;
  const state = await settle(page);
  const problems = watch.take();
  if (new URL(page.url()).origin !== new URL(portalUrl).origin) {
    outcome.notReached.push(
      `${name} is not rendered: the screen hands the browser on to ${page.url().split('?')[0]} at once`,
    );
    outcome.problems.push(...problems.map((problem) => `${name}, on the way: ${problem}`));
    return;
  }
  if (state.path !== visit.path) {
    const where = `the portal went on to ${state.path} instead`;
    if (visit.kind === 'factor')
      outcome.problems.push(`${name}: ${visit.user}'s sign-in does not reach it; ${where}`);
    else
      outcome.notReached.push(
        `${name} is not rendered: opened ${visit.kind === 'signedIn' ? `signed in as ${visit.user}` : 'in a new session'}, ${where}`,
      );
    outcome.problems.push(...problems.map((problem) => `${name}, on the way: ${problem}`));
    return;
  }
  outcome.rendered.push(name);
  if (state.failed)
    outcome.problems.push(`${name}: the screen fails to render; the portal shows '${FAILURE_TEXT}'`);
  else if (!state.remotes.includes(remote))
    outcome.problems.push(`${name}: the page shows no ${remote} screen`);
  else if (!state.settled) outcome.problems.push(`${name}: the screen shows no heading after 10 s`);
  outcome.problems.push(...problems.map((problem) => `${name}: ${problem}`));
  if (!state.failed) {
    const violations = await axeViolations(page).catch((error: unknown) => [
      `axe-core could not run: ${firstLine(error)}`,
    ]);
    outcome.problems.push(...violations.map((violation) => `${name}: ${violation}`));
  }
}

/** How many pages the smoke renders at once: each visit is its own browser context. */
export const SMOKE_PAGES = 2;

const emptyOutcome = (): ScreensOutcome => ({ problems: [], rendered: [], notReached: [] });

/** Runs the tasks at most `limit` at a time; the results in the tasks' order. */
async function inTurns<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * Renders every route the build contributes in the real portal (the build live in it), each with
 * the state its guard needs: addresses of guards A and none in a new session, guard B's in a
 * session signed in as pat.password, each factor step by signing its fixture user in. The visits
 * are independent (a context each), so SMOKE_PAGES of them run at once; the report lists them in
 * the plan's order all the same.
 */
export async function renderScreens(
  browser: Browser,
  portalUrl: string,
  remote: string,
  visits: readonly Visit[],
): Promise<ScreensOutcome> {
  const attempt = async (outcome: ScreensOutcome, label: string, step: () => Promise<void>) => {
    try {
      await step();
      return true;
    } catch (error) {
      outcome.problems.push(`${label}: ${firstLine(error)}`);
      return false;
    }
  };

  const openScreens = async (open: readonly Visit[]): Promise<ScreensOutcome> => {
    const outcome = emptyOutcome();
    const { page, watch } = await newPage(browser, portalUrl);
    for (const visit of open) {
      const label = `${visit.path} (${visit.expose})`;
      if (await attempt(outcome, label, () => page.goto(visit.path).then(() => undefined)))
        await checkScreen(portalUrl, page, watch, remote, visit, outcome);
      watch.take();
    }
    await page.context().close();
    return outcome;
  };

  const signedInScreens = async (signedIn: readonly Visit[], user: string): Promise<ScreensOutcome> => {
    const outcome = emptyOutcome();
    const { page, watch } = await newPage(browser, portalUrl);
    const ready = await attempt(outcome, `signing in as ${user} for the signed-in screens`, async () => {
      await startSignIn(page, user, '/welcome');
    });
    if (ready) {
      for (const visit of signedIn) {
        if (new URL(page.url()).pathname !== visit.path) await navigateInApp(page, visit.path);
        await checkScreen(portalUrl, page, watch, remote, visit, outcome);
      }
    } else {
      outcome.problems.push(...watch.take().map((problem) => `signing in as ${user}: ${problem}`));
    }
    await page.context().close();
    return outcome;
  };

  const factorScreen = async (visit: Visit & { kind: 'factor' }): Promise<ScreensOutcome> => {
    const outcome = emptyOutcome();
    const { page, watch } = await newPage(browser, portalUrl);
    const name = `${visit.path} (${visit.expose} as ${visit.user})`;
    if (await attempt(outcome, `${name}: the sign-in`, () => startSignIn(page, visit.user, visit.path)))
      await checkScreen(portalUrl, page, watch, remote, visit, outcome);
    else outcome.problems.push(...watch.take().map((problem) => `${name}, on the way: ${problem}`));
    await page.context().close();
    return outcome;
  };

  const tasks: (() => Promise<ScreensOutcome>)[] = [];
  const open = visits.filter((visit) => visit.kind === 'open');
  if (open.length > 0) tasks.push(() => openScreens(open));
  const signedIn = visits.filter((visit) => visit.kind === 'signedIn');
  const [first] = signedIn;
  if (first) tasks.push(() => signedInScreens(signedIn, first.user));
  const unreachable = emptyOutcome();
  for (const visit of visits) {
    if (visit.kind === 'unreachable')
      unreachable.notReached.push(`${visit.path} (${visit.expose}) is not rendered: ${visit.why}`);
    if (visit.kind === 'factor') tasks.push(() => factorScreen(visit));
  }

  const outcome = emptyOutcome();
  for (const part of [...(await inTurns(tasks, SMOKE_PAGES)), unreachable]) {
    outcome.problems.push(...part.problems);
    outcome.rendered.push(...part.rendered);
    outcome.notReached.push(...part.notReached);
  }
  return outcome;
}
