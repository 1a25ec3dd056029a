import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page, test } from '../src/fixtures';
import { copyReleases, type RemoteEntry, stageLabelledBuild } from '../src/releases';
import { type PortalStack, startStack } from '../src/servers';
import { PASSWORD } from '../src/signIn';

/**
 * The rendered first screen (docs/architecture.md): the guard-A screens arrive as HTML rendered at
 * build time by the live remote-login build, usable before any script runs, and the app takes them
 * over without losing what the user did and without a visible change.
 */

// pngjs ships no types; only the synchronous reader is used.
const require = createRequire(import.meta.url);
const { PNG } = require('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

const bannerText = 'Unable to handle the request. Please try again later.';

/** Holds every script request until `release()`: the page runs no script before then. */
async function holdScripts(page: Page) {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = { count: 0, passed: 0 };
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      held.count += 1;
      await gate;
      held.passed += 1;
      await route.continue();
    },
  );
  return { held, release };
}

/** Marks the server-rendered field, so the test sees when the app's own replaces it. */
async function markRenderedField(page: Page): Promise<void> {
  await page.evaluate(() => {
    const field = document.getElementById('portal-user-id');
    if (field) field.dataset.e2eRendered = 'yes';
  });
}

async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const field = document.getElementById('portal-user-id');
    return field !== null && field.dataset.e2eRendered === undefined;
  });
}

test('before any script: the field is typeable, Remember Me toggles, Submit is disabled; the app keeps value, caret, focus and checkbox, with no layout shift, and the sign-in completes', async ({
  page,
  pageErrors: _,
}) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as { __shifts?: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const { held, release } = await holdScripts(page);
  await page.goto('/direct', { waitUntil: 'commit' });
  const field = page.getByLabel('User ID');
  await expect(field).toBeEditable();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  // The page's title names its screen from the first byte, as the app names it once it runs.
  await expect(page).toHaveTitle('Sign in – Authentication Hub');
  await markRenderedField(page);
  await page.getByLabel('Remember Me').uncheck();
  await field.click();
  await page.keyboard.type('pat.passwordXY');
  // The caret two characters from the end, where the user left it.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  // No native submission: the address has no User ID and the page is the same one.
  expect(page.url()).not.toContain('pat');
  expect(held.passed, 'a script ran before the user typed').toBe(0);
  expect(held.count).toBeGreaterThan(0);

  // The scripts were held for as long as the user took (seconds): now they arrive.
  release();
  await takenOver(page);
  const state = await page.evaluate(() => {
    const input = document.getElementById('portal-user-id') as HTMLInputElement;
    const remember = document.getElementById('portal-remember-me') as HTMLInputElement;
    return {
      value: input.value,
      caret: [input.selectionStart, input.selectionEnd],
      focused: document.activeElement?.id,
      remember: remember.checked,
      shifts: (window as { __shifts?: number[] }).__shifts ?? [],
    };
  });
  expect(state).toEqual({
    value: 'pat.passwordXY',
    caret: [12, 12],
    focused: 'portal-user-id',
    remember: false,
    shifts: [],
  });
  await expect(page).toHaveTitle('Sign in – Authentication Hub');

  // The app runs: the user finishes their entry and signs in.
  await page.keyboard.press('Delete');
  await page.keyboard.press('Delete');
  await expect(field).toHaveValue('pat.password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  // Remember Me was unchecked before the app ran: no user is remembered.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('pat.password');
});

test('the takeover changes no pixel: the page before any script and after the app took over are the same image', async ({
  page,
}) => {
  const { release } = await holdScripts(page);
  await page.goto('/direct', { waitUntil: 'commit' });
  await expect(page.getByLabel('User ID')).toBeEditable();
  await markRenderedField(page);
  await page.getByLabel('User ID').focus();
  const before = await page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
  release();
  await takenOver(page);
  // Login start has answered: the app is ready (its token call and login start are done).
  await page.waitForLoadState('networkidle');
  const after = await page.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
  const [a, b] = [PNG.sync.read(before), PNG.sync.read(after)];
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data.readUInt32BE(i) !== b.data.readUInt32BE(i)) differing += 1;
  }
  expect(differing, 'pixels that changed when the app took over').toBe(0);
});

test('a remembered User ID still signs in at once when the app runs on the rendered page', async ({
  page,
}) => {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('pat.password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  // A fresh page: the remembered user is submitted by the app, not by the user.
  await page.goto('/direct');
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
});

test('a rendered page whose remote-login build fails to load shows the banner with Retry and keeps the typed value', async ({
  page,
  pageErrors: _,
}) => {
  const { release } = await holdScripts(page);
  const entry = '**/remotes/remote-login/**/remoteEntry.js';
  await page.route(entry, (route) => route.abort());
  await page.goto('/direct', { waitUntil: 'commit' });
  await page.getByLabel('User ID').fill('pat.password');
  release();
  const failure = page.getByRole('alert');
  await expect(failure).toContainText(bannerText);
  await page.unroute(entry);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel('User ID')).toHaveValue('pat.password');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test.describe('the markup is the live build’s', () => {
  let releases: string;
  let next: RemoteEntry;
  let stack: PortalStack;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    releases = copyReleases();
    next = stageLabelledBuild('remote-login', 'next', releases);
    stack = await startStack({
      portalEnv: {
        LOG_LEVEL: 'warn',
        RELEASES_DIR: releases,
        REMOTES_CONFIG: path.join(releases, 'remotes.json'),
      },
    });
  });

  test.afterAll(async () => {
    await stack?.stop();
    if (releases) rmSync(releases, { recursive: true, force: true });
  });

  async function rootMarkup(pathname: string): Promise<string> {
    const html = await (
      await fetch(`${stack.portalUrl}${pathname}`, { headers: { accept: 'text/html' } })
    ).text();
    return html.slice(html.indexOf('<div id="root">'));
  }

  test('promoting and rolling back remote-login changes the next page’s markup, with no host rebuild; a file that fails its check gives the client-rendered page', async () => {
    const config = path.join(releases, 'remotes.json');
    const live = readFileSync(config, 'utf8');
    const shown = /data-remote-build="([^"]+)"/;
    expect((await rootMarkup('/direct')).match(shown)?.[1]).toBe('default');
    expect(await rootMarkup('/')).toContain('A Better Login Experience');

    writeFileSync(config, JSON.stringify({ ...JSON.parse(live), remote_login: next }));
    expect((await rootMarkup('/direct')).match(shown)?.[1]).toBe('next');
    expect((await rootMarkup('/oauth2')).match(shown)?.[1]).toBe('next');

    // A prerendered file that is not the bytes its manifest hashed is never served.
    const file = path.join(releases, 'remote-login', 'next', 'prerender', 'UserId.html');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Sign in', 'Sign in here, please'));
    const tampered = await rootMarkup('/direct');
    expect(tampered.startsWith('<div id="root"></div>')).toBe(true);
    expect(tampered).not.toContain('please');

    writeFileSync(config, live);
    expect((await rootMarkup('/direct')).match(shown)?.[1]).toBe('default');
    // Guard B and C addresses and other screens are client-rendered as before.
    expect((await rootMarkup('/help')).startsWith('<div id="root"></div>')).toBe(true);
  });
});
