import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test as base } from '../src/fixtures';
import { copyReleases, releaseCli } from '../src/releases';
import { type PortalStack, startStack } from '../src/servers';
import { repoRoot } from '../src/servers';

/*
 * The host's own release path: the release tool (node scripts/release.mjs … host) on a private
 * copy of the release directory, served by the real portal server. The copy's host.json names the
 * host build stage-releases promoted; a second host build (the same build, its index.html marked
 * with <meta name="portal-host-build" content="host-two">) is staged beside it.
 */
interface HostWorld {
  releases: string;
  one: string;
  two: string;
}

const MARK = '<meta name="portal-host-build" content="host-two">';

// biome-ignore lint/complexity/noBannedTypes: Playwright's fixture signature (no test fixtures)
const test = base.extend<{}, { world: HostWorld; stack: PortalStack }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const releases = copyReleases();
      const build = mkdtempSync(path.join(tmpdir(), 'portal-host-two-'));
      try {
        const one = (
          JSON.parse(readFileSync(path.join(releases, 'host.json'), 'utf8')) as { release: string }
        ).release;
        cpSync(path.join(repoRoot, 'host', 'dist'), build, { recursive: true });
        const index = path.join(build, 'index.html');
        writeFileSync(index, readFileSync(index, 'utf8').replace('<title>', `${MARK}<title>`));
        const staged = releaseCli(releases, 'stage', 'host', '--from', build);
        if (staged.code !== 0) throw new Error(`stage host failed: ${JSON.stringify(staged.answer)}`);
        await use({ releases, one, two: String(staged.answer.result?.release) });
      } finally {
        rmSync(build, { recursive: true, force: true });
        rmSync(releases, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  stack: [
    async ({ world }, use) => {
      const stack = await startStack({
        portalEnv: {
          LOG_LEVEL: 'warn',
          RELEASES_DIR: world.releases,
          REMOTES_CONFIG: path.join(world.releases, 'remotes.json'),
        },
      });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});

test.describe.configure({ mode: 'serial' });

/** A new page load: which host build it runs (its mark), once the host has started and shows the User ID page. */
async function hostBuildOnNewPage(page: Page): Promise<string | null> {
  await page.goto('/direct');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Authentication Hub' })).toBeVisible();
  await expect(page.getByLabel('User ID')).toBeEnabled();
  const mark = page.locator('meta[name="portal-host-build"]');
  return (await mark.count()) === 0 ? null : mark.getAttribute('content');
}

test('promote a second host build: a new page load runs it; roll back: new page loads run the first again', async ({
  page,
  world,
  pageErrors: _,
}) => {
  expect(await hostBuildOnNewPage(page)).toBeNull();

  const promoted = releaseCli(world.releases, 'promote', 'host', world.two);
  expect(promoted.code).toBe(0);
  expect(promoted.answer.result).toMatchObject({
    remote: 'host',
    from: { release: world.one },
    to: { release: world.two },
  });
  expect(await hostBuildOnNewPage(page)).toBe('host-two');

  const status = releaseCli(world.releases, 'status');
  expect(status.answer.result).toMatchObject({ host: { live: { release: world.two, problems: [] } } });

  const rolledBack = releaseCli(world.releases, 'rollback', 'host');
  expect(rolledBack.code).toBe(0);
  expect(rolledBack.answer.result).toMatchObject({ action: 'rollback', to: { release: world.one } });
  expect(await hostBuildOnNewPage(page)).toBeNull();
});

test('a host release whose files changed after staging is refused by verify and by promote, and nothing switches', async ({
  page,
  world,
  pageErrors: _,
}) => {
  const tampered = path.join(world.releases, 'host', world.two, 'index.html');
  const original = readFileSync(tampered, 'utf8');
  writeFileSync(tampered, original.replace('host-two', 'host-evil'));
  try {
    const verified = releaseCli(world.releases, 'verify', 'host', world.two);
    expect(verified.code).toBe(1);
    expect(verified.answer.problems).toContain('index.html does not match its recorded integrity');
    expect(releaseCli(world.releases, 'promote', 'host', world.two).code).toBe(1);
    expect(await hostBuildOnNewPage(page)).toBeNull();
  } finally {
    writeFileSync(tampered, original);
  }
});
