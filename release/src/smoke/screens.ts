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

/**
 * Renders every route the build contributes in the real portal (the build live in it), each with
 * the state its guard needs: addresses of guards A and none in a new session, guard B's in a
 * session signed in as pat.password, each factor step by signing its fixture user in.
 */
export async function renderScreens(
  browser: Browser,
  portalUrl: string,
  remote: string,
  visits: readonly Visit[],
): Promise<ScreensOutcome> {
  const outcome: ScreensOutcome = { problems: [], rendered: [], notReached: [] };
  const attempt = async (label: string, step: () => Promise<void>) => {
    try {
      await step();
      return true;
    } catch (error) {
      outcome.problems.push(`${label}: ${firstLine(error)}`);
      return false;
    }
  };

  const open = visits.filter((visit) => visit.kind === 'open');
  if (open.length > 0) {
    const { page, watch } = await newPage(browser, portalUrl);
    for (const visit of open) {
      if (await attempt(`${visit.path} (${visit.expose})`, () => page.goto(visit.path).then(() => undefined)))
        await checkScreen(portalUrl, page, watch, remote, visit, outcome);
      watch.take();
    }
    await page.context().close();
  }

  const signedIn = visits.filter((visit) => visit.kind === 'signedIn');
  const [first] = signedIn;
  if (first) {
    const { page, watch } = await newPage(browser, portalUrl);
    const user = first.user;
    const ready = await attempt(`signing in as ${user} for the signed-in screens`, async () => {
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
  }

  for (const visit of visits) {
    if (visit.kind === 'unreachable')
      outcome.notReached.push(`${visit.path} (${visit.expose}) is not rendered: ${visit.why}`);
    if (visit.kind !== 'factor') continue;
    const { page, watch } = await newPage(browser, portalUrl);
    const name = `${visit.path} (${visit.expose} as ${visit.user})`;
    if (await attempt(`${name}: the sign-in`, () => startSignIn(page, visit.user, visit.path)))
      await checkScreen(portalUrl, page, watch, remote, visit, outcome);
    else outcome.problems.push(...watch.take().map((problem) => `${name}, on the way: ${problem}`));
    await page.context().close();
  }
  return outcome;
}
