import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, guarded as test, type Page } from '../src/fixtures';
import { copyReleases, fileIntegrity, type RemoteEntry } from '../src/releases';
import { type PortalStack, startStack } from '../src/servers';

declare global {
  interface Window {
    /** Set by code an attacker put into a release: it must never run. */
    __tamperedCodeRan?: string;
    remote_help?: unknown;
    __addedElements?: { tag: string; url: string; integrity: string; crossOrigin: string | null }[];
  }
}

/**
 * Remote code integrity (issue 14, item 7): remotes.json gives each remote's manifest with its
 * sha384, the manifest gives the sha384 of every file, and the browser refuses any byte that
 * differs. A tampered release shows the remote-failure banner and runs nothing; the rest of the
 * portal keeps working. A remotes.json entry on an origin that is not pinned is refused, and the CSP
 * stays as it was.
 */
test.describe('remote code integrity', () => {
  let stack: PortalStack;
  let releases: string;
  let helpFolder: string;
  let config: Record<string, RemoteEntry>;
  const configFile = () => path.join(releases, 'remotes.json');

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    releases = copyReleases();
    config = JSON.parse(readFileSync(configFile(), 'utf8')) as Record<string, RemoteEntry>;
    const helpManifest = config.remote_help?.manifest ?? '';
    helpFolder = path.join(releases, path.dirname(helpManifest.replace(/^\/remotes\//, '')));
    stack = await startStack({
      portalEnv: { LOG_LEVEL: 'error', RELEASES_DIR: releases, REMOTES_CONFIG: configFile() },
    });
  });

  test.afterAll(async () => {
    await stack?.stop();
    if (releases) rmSync(releases, { recursive: true, force: true });
  });

  /**
   * Replaces a release file's bytes for the duration of `run`, as an attacker with write access
   * to the release folder would: its precompressed copies go too, so every encoding serves the
   * tampered bytes.
   */
  async function withTamperedFile(file: string, bytes: string, run: () => Promise<void>): Promise<void> {
    const saved = [file, `${file}.br`, `${file}.gz`].filter(existsSync);
    for (const original of saved) renameSync(original, `${original}.orig`);
    writeFileSync(file, bytes);
    try {
      await run();
    } finally {
      rmSync(file, { force: true });
      for (const original of saved) renameSync(`${original}.orig`, original);
    }
  }

  const helpFile = (pattern: RegExp) => {
    const name = readdirSync(helpFolder).find((file) => pattern.test(file));
    if (!name) throw new Error(`no file matching ${pattern} in ${helpFolder}`);
    return path.join(helpFolder, name);
  };

  /** Every request the page makes for remote-help's files. */
  function helpRequests(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/remotes/remote-help/')) urls.push(url.pathname);
    });
    return urls;
  }

  async function expectBannerAndNothingRan(page: Page) {
    const failure = page.locator('[data-failed-remote="remote_help"]');
    await expect(failure.getByRole('alert')).toContainText(
      'Unable to handle the request. Please try again later.',
    );
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toHaveCount(0);
    expect(await page.evaluate(() => window.__tamperedCodeRan)).toBeUndefined();
  }

  async function expectRestOfPortalWorks(page: Page) {
    await page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' }).click();
    await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
  }

  test('untampered, remote-help loads with CORS and the sha384 of every file', async ({ page }) => {
    // The runtimes remove their script elements once loaded: note each one as it is added.
    await page.addInitScript(() => {
      window.__addedElements = [];
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node instanceof HTMLScriptElement && node.src) {
              window.__addedElements?.push({
                tag: 'script',
                url: node.src,
                integrity: node.integrity,
                crossOrigin: node.crossOrigin,
              });
            } else if (node instanceof HTMLLinkElement && node.href) {
              window.__addedElements?.push({
                tag: `link ${node.rel}`,
                url: node.href,
                integrity: node.integrity,
                crossOrigin: node.crossOrigin,
              });
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const requests = helpRequests(page);
    await page.goto(`${stack.portalUrl}/help`);
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
    // The page's preloads carry the same CORS mode and integrity as the elements that use them, so
    // each file is downloaded once.
    expect(requests.length).toBeGreaterThan(2);
    expect(requests).toEqual([...new Set(requests)]);
    const manifest = JSON.parse(readFileSync(path.join(helpFolder, 'mf-manifest.json'), 'utf8')) as {
      integrity: Record<string, string>;
    };
    const added = (await page.evaluate(() => window.__addedElements ?? [])).filter((element) =>
      element.url.includes('/remotes/remote-help/'),
    );
    // The preloads in the page, remoteEntry.js (the host's plugin) and the screen's chunk and
    // stylesheet (the remote's own runtime).
    expect(added.map((element) => element.tag)).toEqual(
      expect.arrayContaining(['link preload', 'script', 'link stylesheet']),
    );
    for (const element of added) {
      const file = path.basename(new URL(element.url).pathname);
      expect(element.integrity, `${element.tag} ${file}`).toBe(manifest.integrity[file]);
      expect(element.crossOrigin, `${element.tag} ${file}`).toBe('anonymous');
    }
    expect(added.filter((element) => element.tag === 'script').map((e) => path.basename(e.url))).toEqual(
      expect.arrayContaining(['remoteEntry.js', expect.stringMatching(/^__federation_expose_Help\./)]),
    );
  });

  test('a tampered manifest loads nothing: banner, no script of it requested or run', async ({ page }) => {
    // The attacker points the manifest at their own script, with a matching hash in its map: only
    // remotes.json's sha384 of the manifest stands in the way.
    const manifestFile = path.join(helpFolder, 'mf-manifest.json');
    const evilFile = path.join(helpFolder, 'evil.js');
    const evil = 'window.__tamperedCodeRan = "manifest";';
    writeFileSync(evilFile, evil);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.metaData.remoteEntry.name = 'evil.js';
    manifest.integrity['evil.js'] = fileIntegrity(evilFile);
    const requests = helpRequests(page);
    try {
      await withTamperedFile(manifestFile, JSON.stringify(manifest), async () => {
        await page.goto(`${stack.portalUrl}/help`);
        await expectBannerAndNothingRan(page);
        expect(requests.filter((url) => url.endsWith('.js'))).toEqual([]);
        expect(await page.evaluate(() => typeof window.remote_help)).toBe('undefined');
        await expectRestOfPortalWorks(page);
      });
    } finally {
      rmSync(evilFile, { force: true });
    }
  });

  test('a tampered remoteEntry.js is refused by the browser: banner, nothing of it runs', async ({
    page,
  }) => {
    const entryFile = path.join(helpFolder, 'remoteEntry.js');
    const tampered = `window.__tamperedCodeRan = "entry";\n${readFileSync(entryFile, 'utf8')}`;
    await withTamperedFile(entryFile, tampered, async () => {
      await page.goto(`${stack.portalUrl}/help`);
      await expectBannerAndNothingRan(page);
      expect(await page.evaluate(() => typeof window.remote_help)).toBe('undefined');
      await expectRestOfPortalWorks(page);
    });
  });

  test('a tampered screen chunk is refused by the browser: banner, nothing of it runs', async ({ page }) => {
    const chunk = helpFile(/^__federation_expose_Help\.[0-9a-f]+\.js$/);
    const tampered = `window.__tamperedCodeRan = "chunk";\n${readFileSync(chunk, 'utf8')}`;
    const requests = helpRequests(page);
    await withTamperedFile(chunk, tampered, async () => {
      await page.goto(`${stack.portalUrl}/help`);
      await expectBannerAndNothingRan(page);
      // The chunk was asked for (so it is the browser's integrity check that refused it).
      expect(requests.some((url) => url.endsWith(path.basename(chunk)))).toBe(true);
      await expectRestOfPortalWorks(page);
    });
  });

  test('a remotes.json entry on an origin not pinned is refused, and the CSP stays the same', async ({
    page,
  }) => {
    const before = (await page.goto(`${stack.portalUrl}/help`))?.headers()['content-security-policy'];
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();

    const foreignOrigin = 'https://remotes.attacker.example';
    const foreignManifest = `${foreignOrigin}/remotes/remote-help/evil/mf-manifest.json`;
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/remote-help/evil/')) foreignRequests.push(request.url());
    });
    const original = readFileSync(configFile(), 'utf8');
    writeFileSync(
      configFile(),
      JSON.stringify({
        ...config,
        remote_help: { manifest: foreignManifest, integrity: config.remote_help?.integrity },
      }),
    );
    try {
      const after = (await page.goto(`${stack.portalUrl}/help`))?.headers()['content-security-policy'];
      await expectBannerAndNothingRan(page);
      expect(after).toBe(before);
      expect(after).not.toContain(foreignOrigin);
      expect(foreignRequests).toEqual([]);
      const served = await page.evaluate(async () => (await fetch('/remotes.json')).json());
      expect(served).not.toHaveProperty('remote_help');
      await expectRestOfPortalWorks(page);
    } finally {
      writeFileSync(configFile(), original);
    }
  });
});
