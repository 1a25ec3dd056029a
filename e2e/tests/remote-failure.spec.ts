import type { Page } from '@playwright/test';
import { expect, test } from '../src/fixtures';
import { editStartupData } from '../src/startupData';

const bannerText = 'Unable to handle the request. Please try again later.';

interface Case {
  pkg: string;
  remote: string;
  /** Reaches a route owned by the remote; returns the check that its screen is shown. */
  visit(page: Page): Promise<void>;
  shown(page: Page): Promise<void>;
}

const cases: Case[] = [
  {
    pkg: 'remote-login',
    remote: 'remote_login',
    visit: async (page) => {
      await page.goto('/');
    },
    shown: async (page) => {
      await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
    },
  },
  {
    pkg: 'remote-help',
    remote: 'remote_help',
    visit: async (page) => {
      await page.goto('/help');
    },
    shown: async (page) => {
      await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
    },
  },
];

async function expectBannerWithShellWorking(page: Page, remote: string) {
  const failure = page.locator(`[data-failed-remote="${remote}"]`);
  await expect(failure.getByRole('alert')).toContainText(bannerText);
  await expect(failure.getByRole('button', { name: 'More Info' })).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' })).toBeVisible();
}

for (const c of cases) {
  test.describe(`${c.remote} failing`, () => {
    test('unreachable: banner and Retry, then Retry recovers', async ({ page, pageErrors: _ }) => {
      const pattern = `**/remotes/${c.pkg}/**`;
      await page.route(pattern, (route) => route.abort('connectionrefused'));
      await c.visit(page);
      await expectBannerWithShellWorking(page, c.remote);
      await page.unroute(pattern);
      await page.getByRole('button', { name: 'Retry' }).click();
      await c.shown(page);
    });

    test('serving throwing JavaScript: banner and Retry, then Retry recovers', async ({
      page,
      pageErrors,
    }) => {
      const pattern = `**/remotes/${c.pkg}/**/remoteEntry.js`;
      await page.route(pattern, (route) =>
        route.fulfill({ contentType: 'application/javascript', body: 'throw new Error("broken bundle");' }),
      );
      await c.visit(page);
      await expectBannerWithShellWorking(page, c.remote);
      await page.unroute(pattern);
      await page.getByRole('button', { name: 'Retry' }).click();
      await c.shown(page);
      // The injected bundle's own error is the only one the page may have seen.
      expect(pageErrors.every((e) => e.message === 'broken bundle')).toBe(true);
      pageErrors.length = 0;
    });

    test('an invalid manifest: banner and Retry, then Retry recovers', async ({ page, pageErrors: _ }) => {
      // As the portal server writes the page when it cannot read the remote's manifest: no entry,
      // so the host reads the manifest itself.
      await editStartupData(page, { remotes: { [c.remote]: { entry: null } } });

      const pattern = `**/remotes/${c.pkg}/**/mf-manifest.json`;
      await page.route(pattern, (route) =>
        route.fulfill({ contentType: 'application/json', body: '{"nope":true}' }),
      );
      await c.visit(page);
      await expectBannerWithShellWorking(page, c.remote);
      await page.unroute(pattern);
      await page.getByRole('button', { name: 'Retry' }).click();
      await c.shown(page);
    });
  });
}

test('a failed remote leaves the other remotes working', async ({ page, pageErrors: _ }) => {
  await page.route('**/remotes/remote-help/**', (route) => route.abort('connectionrefused'));
  await page.goto('/help');
  await expectBannerWithShellWorking(page, 'remote_help');
  await page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' }).click();
  await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
});

test('a remote slower than the load timeout shows the banner; Retry loads it once it answers', async ({
  page,
  pageErrors: _,
}) => {
  await page.clock.install();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = '**/remotes/remote-help/**/remoteEntry.js';
  await page.route(pattern, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  // The held entry is preloaded by the page, which holds its load event too: do not wait for it.
  await page.goto('/help', { waitUntil: 'commit' });
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.clock.fastForward(16_000);
  await expectBannerWithShellWorking(page, 'remote_help');
  await page.unroute(pattern);
  release();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
});
