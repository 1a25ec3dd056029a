import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, guarded as test, type Page } from '../src/fixtures';
import { copyReleases, type RemoteEntry, stageLabelledBuild } from '../src/releases';
import { type PortalStack, startStack } from '../src/servers';

/**
 * The first-load plan (docs/architecture.md): the page lists everything the first screen needs,
 * so every script and stylesheet starts as soon as the HTML arrives, and the plan follows
 * remotes.json per request.
 */

/**
 * JS + CSS bodies of the first screen, compressed as received: the figure reached (148.7 KB) plus a
 * little room. Issues 14 and 16 added about 5.6 KB to it: the sha384 of each remote chunk that
 * remoteEntry.js carries for Subresource Integrity (1.5 KB), the Trusted Types policy and the
 * integrity plugin in the host's entry, the flow-state and cookie rules, and the shell's screen
 * arrival, announcer and idle warning. Issue 25 measured 151.9 KB with the rendered first screen's
 * takeover (the adopted form, the host's wait and synchronous first render) and a User ID form
 * usable while login start runs; not yet traced file by file, so the budget gained 4 KB, not more.
 * Issue 11's target is 110 KB; lower this as the first screen gets lighter (the idle warning, for
 * one, is needed only once signed in). Issue 26 (every screen in the user's language) measured
 * 157.7 KB, 8.3 KB more than the same files before it (the issue allows 10): the message formatter
 * (intl-messageformat, 2.1 KB; react-intl stays off the first screen), the locale's choice, catalogue
 * loading and the footer's language picker (2.4 KB in portal-shared, 0.6 KB in the shell, 0.6 KB of
 * CSS), the en-US catalogues (0.3 KB: only plurals and dates, the rest is the source in the code)
 * and remote-login's catalogue chunks' hashes in its remoteEntry.js (1.6 KB); so 160 KB.
 */
const FIRST_SCREEN_BUDGET_BYTES = 160 * 1024;

/** Script and stylesheet URLs the page's HTML names (preloads, stylesheets and its own script). */
async function plannedUrls(page: Page): Promise<Set<string>> {
  const urls = await page.evaluate(() =>
    [
      // The rendered first screen's stylesheets are applied from <head>, not only preloaded.
      ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
        'link[rel=preload], link[rel=stylesheet], script[src]',
      ),
    ].map((element) => (element instanceof HTMLLinkElement ? element.href : element.src)),
  );
  return new Set(urls);
}

/**
 * The scripts and styles requested before the app's User ID field became usable. After the first screen
 * renders, the portal loads the likely next screens while idle (shell/usePrefetchLikelyNext):
 * those are not the first screen's cost, and they start after this moment.
 */
async function firstScreenAssets(page: Page, url: string) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const field = document.getElementById('portal-user-id');
      // The app's field (React manages it): the rendered first screen's is usable before any
      // script, but the first screen's cost is what the app needs to run.
      const appRendered = field !== null && Object.keys(field).some((key) => key.startsWith('__reactFiber'));
      if (field instanceof HTMLInputElement && !field.disabled && appRendered) {
        (window as { __usableAt?: number }).__usableAt = performance.timeOrigin + performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  const assets: { url: string; bodyBytes: number; startedAt: number }[] = [];
  page.on('requestfinished', async (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    // A request still being measured when the test ends and its page closes is not counted (its
    // rejection would otherwise fail whichever test runs next).
    const sizes = await request.sizes().catch(() => null);
    if (sizes === null) return;
    assets.push({
      url: request.url(),
      bodyBytes: sizes.responseBodySize,
      startedAt: request.timing().startTime,
    });
  });
  await page.goto(url);
  await expect(page.getByLabel('User ID')).toBeEnabled();
  const usableAt = await page.evaluate(() => (window as { __usableAt?: number }).__usableAt ?? Infinity);
  return assets.filter((asset) => asset.startedAt <= usableAt);
}

test.describe('first load', () => {
  let stack: PortalStack;
  let releases: string;
  let next: RemoteEntry;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // A second build of remote-login, told apart by its build label.
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

  test('the first screen loads only what the page planned, compressed, within the byte budget', async ({
    page,
  }) => {
    const assets = await firstScreenAssets(page, `${stack.portalUrl}/direct`);
    const planned = await plannedUrls(page);
    // Nothing on the critical path waits for another request: every file was named by the HTML.
    const unplanned = assets.map((asset) => asset.url).filter((url) => !planned.has(url));
    expect(unplanned, 'scripts or styles the first-load plan did not name').toEqual([]);
    expect(assets.length).toBeGreaterThan(3);
    // In the order the start-up needs them (the browser asks six at a time): main.js first, React's
    // renderer (needed by the first render only, after everything else) last of the scripts.
    const scripts = await page.evaluate(() => ({
      preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=script]')].map(
        (link) => new URL(link.href).pathname,
      ),
      entry: new URL(document.querySelector<HTMLScriptElement>('head script[src]')?.src ?? '/').pathname,
    }));
    expect(scripts.preloads[0]).toBe(scripts.entry);
    expect(scripts.preloads.at(-1)).toMatch(/^\/renderer\.[0-9a-f]{10}\.js$/);
    expect(assets.map((asset) => new URL(asset.url).pathname)).toContain(scripts.preloads.at(-1));
    const total = assets.reduce((sum, asset) => sum + asset.bodyBytes, 0);
    console.log(
      `first screen: ${assets.length} scripts and styles, ${(total / 1024).toFixed(1)} KB compressed`,
    );
    expect(total).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
    // No manifest and no configuration is fetched before the field is usable: the page carried them.
    // (After it, the host reads the likely next screens' manifests while it prefetches them.)
    expect(
      await page.evaluate(() => {
        const usableAt = (window as { __usableAt?: number }).__usableAt ?? Number.POSITIVE_INFINITY;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => performance.timeOrigin + entry.startTime <= usableAt)
          .map((entry) => entry.name);
      }),
    ).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/mf-manifest\.json|remotes\.json|v1\/config\//)]),
    );
  });

  test('every script of the first screen asks the engine to compile it while it arrives', async ({
    page,
  }) => {
    await page.goto(`${stack.portalUrl}/direct`);
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=script]')].map(
        (link) => link.href,
      ),
    );
    expect(scripts.length).toBeGreaterThan(3);
    // Without V8's hint, the functions the first render calls are compiled on the main thread
    // when first called (tooling/src/compileHints.ts).
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      expect(body.split('\n', 1)[0], url).toBe('//# allFunctionsCalledOnLoad');
    }
  });

  test('a login screen’s client token is preloaded by the page and asked for once, and the page uses that reply', async ({
    page,
  }) => {
    const tokenCalls: { initiator: string; headers: Record<string, string> }[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/v1/token/generate/client_token')) return;
      tokenCalls.push({ initiator: request.resourceType(), headers: request.headers() });
    });
    await page.goto(`${stack.portalUrl}/direct`);
    await expect(page.getByLabel('User ID')).toBeEnabled();
    // The preload (started by the HTML, before any script ran) is the only call: the API client's
    // fetch took its reply, so the sign-in has a client token without a round trip of its own.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=fetch]')].map((link) => ({
          href: new URL(link.href).pathname,
          crossOrigin: link.crossOrigin,
        })),
      ),
    ).toEqual([{ href: '/v1/token/generate/client_token', crossOrigin: 'anonymous' }]);
    expect(tokenCalls).toHaveLength(1);
    await page.getByLabel('User ID').fill('pat.password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    expect(tokenCalls).toHaveLength(1);
  });

  test('promoting remote-login changes the next page’s plan and the build it runs, with no rebuild', async ({
    page,
  }) => {
    const configFile = path.join(releases, 'remotes.json');
    const original = readFileSync(configFile, 'utf8');
    const config = JSON.parse(original) as Record<string, RemoteEntry>;
    try {
      await page.goto(`${stack.portalUrl}/direct`);
      await expect(page.locator('[data-remote="remote_login"]')).toHaveAttribute(
        'data-remote-build',
        'default',
      );

      writeFileSync(configFile, JSON.stringify({ ...config, remote_login: next }));
      const entryRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/remoteEntry.js')) entryRequests.push(new URL(request.url()).pathname);
      });
      await page.reload();
      await expect(page.locator('[data-remote="remote_login"]')).toHaveAttribute('data-remote-build', 'next');
      await expect(page.getByLabel('User ID')).toBeEnabled();
      const planned = [...(await plannedUrls(page))].map((url) => new URL(url).pathname);
      expect(planned).toContain('/remotes/remote-login/next/remoteEntry.js');
      expect(
        planned.some((url) =>
          /\/remotes\/remote-login\/next\/__federation_expose_UserId\.[0-9a-f]+\.js$/.test(url),
        ),
      ).toBe(true);
      expect(entryRequests).toContain('/remotes/remote-login/next/remoteEntry.js');
      expect(
        entryRequests.filter((url) => url.startsWith('/remotes/remote-login/') && !url.includes('/next/')),
      ).toEqual([]);
    } finally {
      writeFileSync(configFile, original);
    }
    // Rolled back: the next page plans and runs the first build again.
    await page.reload();
    await expect(page.locator('[data-remote="remote_login"]')).toHaveAttribute(
      'data-remote-build',
      'default',
    );
  });
});
