import { expect, test } from '../src/fixtures';
import { pageTasksRun } from '../src/pageTasks';
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
    // page has taken them is /help's screen loading, its 15 s timeout running. Moving the clock
    // before that (a loaded machine) jumps past nothing, and the banner would be 15 real seconds away.
    await contributions;
    await pageTasksRun(page);
    await page.clock.fastForward(16_000);
    const failure = page.locator('[data-failed-remote="remote_help"]');
    await expect(failure.getByRole('alert')).toContainText(
      'Unable to handle the request. Please try again later.',
    );
    release();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toBeVisible();
  });
});
