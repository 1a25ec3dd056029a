import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, guarded as test } from '../src/fixtures';
import { copyReleases, type RemoteEntry, stageLabelledBuild } from '../src/releases';
import { type PortalStack, startStack } from '../src/servers';

// Two builds of remote-help side by side; only remotes.json decides which one the browser loads.
test.describe('remotes configuration', () => {
  let stack: PortalStack;
  let releases: string;
  let defaultConfig: Record<string, RemoteEntry>;
  let canary: RemoteEntry;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    releases = copyReleases();
    canary = stageLabelledBuild('remote-help', 'canary', releases);
    defaultConfig = JSON.parse(readFileSync(path.join(releases, 'remotes.json'), 'utf8'));
    stack = await startStack({
      portalEnv: { RELEASES_DIR: releases, REMOTES_CONFIG: path.join(releases, 'remotes.json') },
    });
  });

  test.afterAll(async () => {
    await stack?.stop();
    if (releases) rmSync(releases, { recursive: true, force: true });
  });

  const writeConfig = (config: Record<string, RemoteEntry>) =>
    writeFileSync(path.join(releases, 'remotes.json'), JSON.stringify(config));

  test('promote and roll back one remote by editing remotes.json only', async ({ page }) => {
    const buildShown = () => page.locator('[data-remote="remote_help"]').getAttribute('data-remote-build');

    await page.goto(`${stack.portalUrl}/help`);
    await expect(page.locator('[data-remote="remote_help"]')).toBeVisible();
    expect(await buildShown()).toBe('default');

    writeConfig({ ...defaultConfig, remote_help: canary });
    await page.reload();
    await expect(page.locator('[data-remote="remote_help"]')).toBeVisible();
    expect(await buildShown()).toBe('canary');
    // The other remotes are untouched by the switch.
    await page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' }).click();
    await expect(page.locator('[data-remote="remote_login"]')).toHaveAttribute(
      'data-remote-build',
      'default',
    );

    writeConfig(defaultConfig);
    await page.goto(`${stack.portalUrl}/help`);
    await expect(page.locator('[data-remote="remote_help"]')).toHaveAttribute('data-remote-build', 'default');
  });
});
