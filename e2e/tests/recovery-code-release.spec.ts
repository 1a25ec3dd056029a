import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { expect, type Page, test as base } from '../src/fixtures';
import { buildBefore, type SourceEdit } from '../src/featureBuild';
import { copyReleases, releaseCli } from '../src/releases';
import { type PortalStack, repoRoot, startStack } from '../src/servers';
import { navigateInApp, PASSWORD } from '../src/signIn';

/*
 * Issue 22's proof: a factor team ships a new factor (recovery codes) on its own. The live portal
 * runs remote-factors and remote-selfservice as they were before the feature; the release tool
 * stages and promotes the builds with it while the host's build and the other remotes stay byte
 * for byte what they were; a user signs in with a recovery code, which works once; a rollback
 * takes the screen away from new page loads while a page already on it finishes its sign-in.
 */

/** Edits that take a feature away from a copy of the sources; each must find what it removes. */
const removing =
  (text: string, replacement = ''): SourceEdit =>
  (source) => {
    if (!source.includes(text)) throw new Error(`the 'before' build expected to find: ${text}`);
    return source.replace(text, replacement);
  };
const noPart =
  (names: string[]): SourceEdit =>
  (source) => {
    const start = source.indexOf('= {');
    if (start < 0) throw new Error('the feature contributions file changed shape');
    return `${source.slice(0, start)}= { ${names.map((name) => `${name}: []`).join(', ')} };\n`;
  };

const BEFORE = {
  'remote-factors': {
    'src/recoveryCode/contributions.ts': noPart(['routes', 'nextActions', 'factors', 'calls']),
    'exposes.ts': removing("  './RecoveryCode': './src/exposes/RecoveryCode.tsx',\n"),
  },
  'remote-selfservice': {
    'src/recoveryCodes/contributions.ts': noPart(['calls']),
    'src/exposes/SelfService.tsx': removing('      <RecoveryCodesSection />\n'),
  },
} as const;

/** sha256 of every file under a folder, by relative path: what 'byte-identical' is checked against. */
function digestTree(root: string): Record<string, string> {
  const digests: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else digests[path.relative(root, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
    }
  };
  walk(root);
  return digests;
}

function release(releases: string, ...args: string[]): Record<string, unknown> {
  const run = releaseCli(releases, ...args);
  if (run.code !== 0) throw new Error(`release ${args.join(' ')} failed: ${JSON.stringify(run.answer)}`);
  return run.answer.result ?? {};
}

interface World {
  releases: string;
  /** The builds with recovery codes, staged but not promoted yet. */
  next: { factors: string; selfservice: string };
}

// biome-ignore lint/complexity/noBannedTypes: Playwright's fixture signature (no test fixtures)
const test = base.extend<{}, { world: World; stack: PortalStack }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const releases = copyReleases();
      const copies = [
        buildBefore('remote-factors', 'before-recovery', BEFORE['remote-factors']),
        buildBefore('remote-selfservice', 'before-recovery', BEFORE['remote-selfservice']),
      ];
      try {
        const [factorsBefore, selfserviceBefore] = copies.map((copy, index) =>
          String(
            release(
              releases,
              'stage',
              index === 0 ? 'remote_factors' : 'remote_selfservice',
              '--from',
              path.join(copy, 'dist'),
            ).release,
          ),
        );
        release(releases, 'promote', 'remote_factors', String(factorsBefore));
        release(releases, 'promote', 'remote_selfservice', String(selfserviceBefore));
        const next = {
          factors: String(
            release(releases, 'stage', 'remote_factors', '--from', path.join(repoRoot, 'remote-factors/dist'))
              .release,
          ),
          selfservice: String(
            release(
              releases,
              'stage',
              'remote_selfservice',
              '--from',
              path.join(repoRoot, 'remote-selfservice/dist'),
            ).release,
          ),
        };
        await use({ releases, next });
      } finally {
        for (const copy of copies) rmSync(copy, { recursive: true, force: true });
        rmSync(releases, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
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

async function newPage(browser: Browser, stack: PortalStack): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.portalUrl });
  return context.newPage();
}

/** rory.recovery through the User ID and password screens, up to factor selection. */
async function toFactorSelection(page: Page): Promise<void> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('rory.recovery');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('group', { name: 'Select an authentication method' })).toBeVisible();
}

/** On to the recovery-code screen from factor selection. */
async function toRecoveryCode(page: Page): Promise<void> {
  await toFactorSelection(page);
  await page.getByRole('radio', { name: 'Recovery code' }).check();
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page.getByRole('heading', { name: 'Recovery code' })).toBeVisible();
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Enter one of your recovery codes').fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('before: the live builds know no recovery codes', async ({ browser, stack }) => {
  const page = await newPage(browser, stack);
  await page.goto('/recovery-code');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await toFactorSelection(page);
  // The SSO offers RECOVERYCODE, but no live remote contributes it: it is not offered.
  await expect(page.getByRole('radio', { name: 'Text message (SMS)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Recovery code' })).toHaveCount(0);
  await page.context().close();
});

test('promoting the two remotes alone ships recovery codes; a code signs in once', async ({
  browser,
  stack,
  world,
}) => {
  const hostBefore = digestTree(path.join(repoRoot, 'host/dist'));
  const configBefore = JSON.parse(readFileSync(path.join(world.releases, 'remotes.json'), 'utf8'));
  const othersBefore = ['remote-login', 'remote-help'].map((pkg) =>
    digestTree(path.join(world.releases, pkg)),
  );

  release(world.releases, 'verify', 'remote_factors', world.next.factors);
  release(world.releases, 'promote', 'remote_factors', world.next.factors);
  release(world.releases, 'promote', 'remote_selfservice', world.next.selfservice);

  const configAfter = JSON.parse(readFileSync(path.join(world.releases, 'remotes.json'), 'utf8'));
  expect(digestTree(path.join(repoRoot, 'host/dist'))).toEqual(hostBefore);
  expect(configAfter.host).toEqual(configBefore.host);
  expect(configAfter.remote_login).toEqual(configBefore.remote_login);
  expect(configAfter.remote_help).toEqual(configBefore.remote_help);
  expect(['remote-login', 'remote-help'].map((pkg) => digestTree(path.join(world.releases, pkg)))).toEqual(
    othersBefore,
  );

  const page = await newPage(browser, stack);
  await toRecoveryCode(page);
  await enterCode(page, '7k3mz-9qh2d');
  await expect(page).toHaveURL(/\/welcome$/);

  // Self-service counts what is left.
  await navigateInApp(page, '/self-service');
  await expect(page.getByText('Recovery codes — 2 left')).toBeVisible();
  await page.context().close();

  const again = await newPage(browser, stack);
  await toRecoveryCode(again);
  await enterCode(again, '7K3MZ9QH2D');
  await expect(again.getByText('That recovery code is not valid or has already been used.')).toBeVisible();
  await expect(again).toHaveURL(/\/recovery-code$/);
  await again.context().close();
});

test('a rollback takes the screen from new page loads; a page already on it finishes', async ({
  browser,
  stack,
  world,
}) => {
  const open = await newPage(browser, stack);
  await toRecoveryCode(open);

  release(world.releases, 'rollback', 'remote_factors');

  const fresh = await newPage(browser, stack);
  await fresh.goto('/recovery-code');
  await expect(fresh.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await fresh.context().close();

  await enterCode(open, 'R4T8WXC6PB');
  await expect(open).toHaveURL(/\/welcome$/);
  await open.context().close();
});
