import { expect, test } from '../src/fixtures';
import { editStartupData } from '../src/startupData';

/**
 * Start-up never shows a blank page: the shell renders at once, whatever is still loading. Here the
 * page comes without the portal server's start-up data (as from a bare host dev server), so the
 * host fetches remotes.json, the portal configuration and the environment itself.
 */
test.describe('start-up without the server’s start-up data', () => {
  test.beforeEach(async ({ page }) => {
    await editStartupData(page, { version: null });
  });

  test('a hanging environment holds nothing: the shell and the User ID page show', async ({
    page,
    pageErrors: _,
  }) => {
    let environmentAsked = false;
    await page.route('**/v1/config/environment', () => {
      environmentAsked = true; // never answered
    });
    await page.goto('/direct');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' })).toBeVisible();
    await expect(page.getByLabel('User ID')).toBeEnabled();
    expect(environmentAsked).toBe(true);
  });

  test('a hanging remotes.json: shell and loading bar at once, then the banner and a Retry that recovers', async ({
    page,
    pageErrors: _,
  }) => {
    await page.clock.install();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/remotes.json', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    // By path: the host asks with its locale (`?ui_locales=…`), which a glob would have to spell.
    const contributions = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/v1/config/contributions',
    );
    await page.goto('/help');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toBeVisible();
    // The loading bar is also the shell's while the contributions are on their way; only once the
    // page has taken them and rendered /help's screen (after React's renderer has arrived too) is
    // that screen loading, its 15 s timeout running. On a loaded machine that can come well after
    // the reply: the clock moves on until the banner shows, never past a timer not yet set.
    await contributions;
    const failure = page.locator('[data-failed-remote="remote_help"]');
    await expect(async () => {
      await page.clock.fastForward(16_000);
      await expect(failure.getByRole('alert')).toContainText(
        'Unable to handle the request. Please try again later.',
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    release();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
  });
});
