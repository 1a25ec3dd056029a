import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, guarded as test } from '../src/fixtures';
import { copyReleases, stageLabelledBuild } from '../src/releases';
import { type PortalStack, repoRoot, startStack } from '../src/servers';

/**
 * @portal/shared is a runtime contract (docs/contracts.md): the host provides it to remotes built
 * at other times. A remote built against a newer major version than the host provides refuses to
 * start, and the host shows the remote-failure banner instead of running it half-working.
 */
test.describe('a remote that needs a newer @portal/shared', () => {
  let stack: PortalStack;
  let releases: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    releases = copyReleases();
    // The next major version of the kernel than the one the host provides.
    const kernel = JSON.parse(readFileSync(path.join(repoRoot, 'shared/package.json'), 'utf8')) as {
      version: string;
    };
    const nextMajor = `${Number(kernel.version.split('.')[0]) + 1}.0.0`;
    const future = stageLabelledBuild('remote-help', 'future', releases, {
      PORTAL_SHARED_VERSION: nextMajor,
    });
    const configFile = path.join(releases, 'remotes.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(configFile, JSON.stringify({ ...config, remote_help: future }));
    stack = await startStack({
      portalEnv: { LOG_LEVEL: 'warn', RELEASES_DIR: releases, REMOTES_CONFIG: configFile },
    });
  });

  test.afterAll(async () => {
    await stack?.stop();
    if (releases) rmSync(releases, { recursive: true, force: true });
  });

  test('is refused with the remote-failure banner; the other remotes keep working', async ({ page }) => {
    await page.goto(`${stack.portalUrl}/help`);
    const failure = page.locator('[data-failed-remote="remote_help"]');
    await expect(failure.getByRole('alert')).toContainText(
      'Unable to handle the request. Please try again later.',
    );
    await expect(page.getByRole('heading', { name: 'Login Assistance', level: 1 })).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' }).click();
    await expect(page.getByRole('heading', { name: 'A Better Login Experience' })).toBeVisible();
  });
});
