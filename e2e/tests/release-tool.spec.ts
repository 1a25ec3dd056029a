import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { expect, type Page, test as base } from '../src/fixtures';
import { buildBefore } from '../src/featureBuild';
import { codeSent } from '../src/outbox';
import { buildLabelled, copyReleases, releaseCli } from '../src/releases';
import { type PortalStack, startStack } from '../src/servers';

const sri = (bytes: string | Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * Makes an expose's script throw and updates every hash that names it (the manifest's integrity
 * map, the chunk hashes inside remoteEntry.js), dropping the stale precompressed copies.
 */
function breakExposeConsistently(dir: string, exposePrefix: string): void {
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { integrity: Record<string, string> };
  const entryFile = path.join(dir, 'remoteEntry.js');
  let entry = readFileSync(entryFile, 'utf8');
  for (const file of readdirSync(dir).filter(
    (name) => name.startsWith(exposePrefix) && name.endsWith('.js'),
  )) {
    const before = sri(readFileSync(path.join(dir, file)));
    const broken = 'throw new Error("broken build");';
    writeFileSync(path.join(dir, file), broken);
    entry = entry.replaceAll(before, sri(broken));
    manifest.integrity[file] = sri(broken);
    for (const copy of ['.br', '.gz']) rmSync(path.join(dir, `${file}${copy}`), { force: true });
  }
  writeFileSync(entryFile, entry);
  manifest.integrity['remoteEntry.js'] = sri(entry);
  for (const copy of ['.br', '.gz']) rmSync(`${entryFile}${copy}`, { force: true });
  writeFileSync(manifestFile, JSON.stringify(manifest));
}

/*
 * The release tool (node scripts/release.mjs) on a private release directory served by the real
 * portal server: two builds of remote-factors told apart by their build label, and a third that
 * lacks an expose the host's routes need.
 */
interface ReleaseWorld {
  releases: string;
  one: string;
  two: string;
  lacking: string;
  broken: string;
  /** Built from sources whose Otp screen throws on every render and whose FactorSelection logs a console error. */
  faulty: string;
}

const LABELS = { one: 'rel-one', two: 'rel-two' } as const;

function stageBuild(releases: string, from: string): string {
  const staged = releaseCli(releases, 'stage', 'remote_factors', '--from', from);
  if (staged.code !== 0) throw new Error(`stage failed: ${JSON.stringify(staged.answer)}`);
  return String(staged.answer.result?.release);
}

// biome-ignore lint/complexity/noBannedTypes: Playwright's fixture signature (no test fixtures)
const test = base.extend<{}, { world: ReleaseWorld; stack: PortalStack }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const releases = copyReleases();
      const built = {
        one: buildLabelled('remote-factors', LABELS.one),
        two: buildLabelled('remote-factors', LABELS.two),
      };
      const faultyCopy = buildBefore('remote-factors', 'smoke-faulty', {
        'src/exposes/Otp.tsx': (text) =>
          text.replace(
            'export default function Otp() {',
            "export default function Otp() {\n  if (Math.random() < 2) throw new Error('Otp renders broken');",
          ),
        'src/exposes/FactorSelection.tsx': (text) =>
          text.replace(
            'export default function FactorSelection() {',
            "export default function FactorSelection() {\n  console.error('FactorSelection logs an error');",
          ),
      });
      const lackingDir = `${built.one}-lacking`;
      const brokenDir = `${built.one}-broken`;
      try {
        const one = stageBuild(releases, built.one);
        const two = stageBuild(releases, built.two);
        // A copy of build one whose manifest no longer lists ./Push (stage computes its integrity anew).
        cpSync(built.one, lackingDir, { recursive: true });
        const manifestFile = path.join(lackingDir, 'mf-manifest.json');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { exposes: { path: string }[] };
        manifest.exposes = manifest.exposes.filter((expose) => expose.path !== './Push');
        writeFileSync(manifestFile, JSON.stringify(manifest));
        const lacking = stageBuild(releases, lackingDir);
        // A copy of build one whose Otp screen throws when loaded, shipped consistently: its
        // manifest and remoteEntry.js carry the new file's hash, so only loading it shows the fault.
        cpSync(built.one, brokenDir, { recursive: true });
        breakExposeConsistently(brokenDir, '__federation_expose_Otp.');
        const broken = stageBuild(releases, brokenDir);
        const faulty = stageBuild(releases, path.join(faultyCopy, 'dist'));
        const promoted = releaseCli(releases, 'promote', 'remote_factors', one);
        if (promoted.code !== 0) throw new Error(`promote failed: ${JSON.stringify(promoted.answer)}`);
        await use({ releases, one, two, lacking, broken, faulty });
      } finally {
        for (const dir of [built.one, built.two, lackingDir, brokenDir, faultyCopy])
          rmSync(dir, { recursive: true, force: true });
        rmSync(releases, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 240_000 },
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

const factorsRoot = (page: Page) => page.locator('[data-remote="remote_factors"]');

/** A new page load and a sign-in up to the first remote-factors screen (owen.options chooses a factor). */
async function factorsBuildOnNewPage(page: Page): Promise<string | null> {
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('owen.options');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/factorselection$/);
  await expect(page.getByRole('group', { name: 'Select an authentication method' })).toBeVisible();
  return factorsRoot(page).getAttribute('data-remote-build');
}

/** The manifest of remote_factors that the first-load plan in the HTML of /direct names for this context's session. */
async function plannedFactorsManifestOfHtml(context: BrowserContext): Promise<string> {
  // A page load asks for HTML (the server sends the app's page only to a request that accepts it).
  const html = await (await context.request.get('/direct', { headers: { accept: 'text/html' } })).text();
  const block = /<script[^>]*\bid="portal-bootstrap"[^>]*>([^<]*)<\/script>/.exec(html);
  if (!block) throw new Error('the page of /direct has no #portal-bootstrap block');
  return (JSON.parse(block[1] ?? '{}') as { remotes: Record<string, { manifest: string }> }).remotes
    .remote_factors?.manifest as string;
}

const manifestOf = (release: string) => `/remotes/remote-factors/${release}/mf-manifest.json`;

test('promote the second build in the middle of a sign-in: the sign-in finishes on its build, a new page load runs the second', async ({
  page,
  world,
  emulator,
  pageErrors: _,
}) => {
  expect(await factorsBuildOnNewPage(page)).toBe(LABELS.one);
  await page.goto('/direct');
  await page.getByLabel('User ID').fill('sam.sms');
  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();

  const promoted = releaseCli(world.releases, 'promote', 'remote_factors', world.two);
  expect(promoted.answer).toMatchObject({
    ok: true,
    result: { action: 'promote', from: { release: world.one }, to: { release: world.two } },
  });

  await page.getByLabel('Password', { exact: true }).fill('Passw0rd!');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/sotp$/);
  // The page keeps the build it started with: its files are still there (immutable folders).
  await expect(factorsRoot(page)).toHaveAttribute('data-remote-build', LABELS.one);
  await page.getByLabel('Digit 1 of 6').pressSequentially(await codeSent(emulator, 'sam.sms'));
  await expect(page).toHaveURL(/\/welcome$/);

  await page.getByRole('button', { name: 'Log out' }).click();
  expect(await factorsBuildOnNewPage(page)).toBe(LABELS.two);
});

test('rollback restores the first build for the next page load', async ({ page, world, pageErrors: _ }) => {
  const rolledBack = releaseCli(world.releases, 'rollback', 'remote_factors');
  expect(rolledBack.answer).toMatchObject({
    ok: true,
    result: { action: 'rollback', from: { release: world.two }, to: { release: world.one } },
  });
  expect(await factorsBuildOnNewPage(page)).toBe(LABELS.one);
  const status = releaseCli(world.releases, 'status');
  expect(status.code).toBe(0);
  expect(JSON.stringify(status.answer)).toContain(`"previous":{"release":"${world.two}"`);
});

test('promote of a build lacking an expose is refused and changes nothing', async ({
  page,
  world,
  pageErrors: _,
}) => {
  const remotesFile = path.join(world.releases, 'remotes.json');
  const before = readFileSync(remotesFile, 'utf8');
  const refused = releaseCli(world.releases, 'promote', 'remote_factors', world.lacking);
  expect(refused.code).toBe(1);
  expect(refused.answer.problems).toEqual(['it does not expose ./Push, which its route /push needs']);
  expect(readFileSync(remotesFile, 'utf8')).toBe(before);
  expect(await factorsBuildOnNewPage(page)).toBe(LABELS.one);
});

test('a canary of 50 % serves both builds over fresh sessions, each session the same build', async ({
  browser,
  stack,
  world,
}) => {
  test.setTimeout(180_000);
  expect(releaseCli(world.releases, 'promote', 'remote_factors', world.two, '--canary', '50').code).toBe(0);
  const seen = new Map<string, number>();
  const shown = new Set<string>();
  // Until each build has been served to two sessions (at most 16: both are missed with a chance
  // of 2 in 65,536); about 6 on average.
  const bothSeenTwice = () => [...seen.values()].filter((count) => count >= 2).length === 2;
  for (let session = 0; session < 16 && !bothSeenTwice(); session += 1) {
    // A fresh session: its own cookie jar. The plan is read from the page's HTML as the server
    // sent it (the context's own requests share its cookies); a browser page only once per build.
    const context = await browser.newContext({ baseURL: stack.portalUrl });
    const planned = await plannedFactorsManifestOfHtml(context);
    expect([manifestOf(world.one), manifestOf(world.two)]).toContain(planned);
    seen.set(planned, (seen.get(planned) ?? 0) + 1);
    // The session keeps its build: on the next page load, and in the remotes.json the server sends it.
    expect(await plannedFactorsManifestOfHtml(context)).toBe(planned);
    const served = (await (await context.request.get('/remotes.json')).json()) as {
      remote_factors: { manifest: string };
    };
    expect(served.remote_factors.manifest).toBe(planned);
    const cookie = (await context.cookies()).find((item) => item.name === '__Host-portal-canary');
    expect(cookie).toMatchObject({ name: '__Host-portal-canary', httpOnly: true, sameSite: 'Lax' });
    // Once per build: the screens the session shows come from its build.
    if (!shown.has(planned)) {
      shown.add(planned);
      const page = await context.newPage();
      expect(await factorsBuildOnNewPage(page)).toBe(
        planned === manifestOf(world.two) ? LABELS.two : LABELS.one,
      );
    }
    await context.close();
  }
  expect([...seen.keys()].sort()).toEqual([manifestOf(world.one), manifestOf(world.two)].sort());

  // A rollback ends the canary: every new session gets the live build.
  expect(releaseCli(world.releases, 'rollback', 'remote_factors').answer).toMatchObject({
    result: { action: 'end-canary' },
  });
  for (let session = 0; session < 3; session += 1) {
    const context = await browser.newContext({ baseURL: stack.portalUrl });
    expect(await plannedFactorsManifestOfHtml(context)).toBe(manifestOf(world.one));
    await context.close();
  }
});

test('a file changed after staging fails verify; status fails when the live build is changed', async ({
  world,
}) => {
  expect(releaseCli(world.releases, 'verify', 'remote_factors', world.two).code).toBe(0);
  const folder = (release: string) => path.join(world.releases, 'remote-factors', release);
  const record = (release: string) =>
    JSON.parse(readFileSync(path.join(folder(release), 'integrity.json'), 'utf8')) as {
      files: Record<string, string>;
    };
  const expose = Object.keys(record(world.two).files).find((file) =>
    file.startsWith('__federation_expose_Otp'),
  );
  if (!expose) throw new Error('no Otp expose in the integrity record');
  writeFileSync(path.join(folder(world.two), expose), 'alert("not the staged build")');
  const verified = releaseCli(world.releases, 'verify', 'remote_factors', world.two);
  expect(verified.code).toBe(1);
  // Both records catch it: integrity.json (written by stage) and the manifest's own map (the build's).
  expect(verified.answer.problems).toEqual([
    `${expose} does not match its recorded integrity`,
    `${expose} does not match the integrity its manifest gives`,
  ]);

  expect(releaseCli(world.releases, 'status').code).toBe(0);
  const liveFile = path.join(folder(world.one), 'remoteEntry.js');
  const original = readFileSync(liveFile);
  writeFileSync(liveFile, 'alert("changed")');
  try {
    const status = releaseCli(world.releases, 'status');
    expect(status.code).toBe(1);
    expect(JSON.stringify(status.answer)).toContain('remoteEntry.js does not match its recorded integrity');
  } finally {
    writeFileSync(liveFile, original);
  }
});

test('verify --smoke renders every screen of a build with the state its route needs, and fails a build whose screen throws or logs an error', async ({
  world,
}) => {
  test.setTimeout(240_000);
  const good = releaseCli(world.releases, 'verify', 'remote_factors', world.one, '--smoke');
  expect(good.answer).toMatchObject({ ok: true, result: { smoke: { mode: 'screens', problems: [] } } });
  const smoke = good.answer.result?.smoke as { rendered: string[]; notChecked: string[] };
  expect(smoke.rendered).toContain('/sotp (./Otp as sam.sms)');
  // No fixture user reaches the recovery-code step: said, not pretended.
  expect(
    smoke.notChecked.some((note) => note.startsWith('/recovery-code (./RecoveryCode) is not rendered')),
  ).toBe(true);

  // Its files pass every static check: only loading it shows the fault.
  expect(releaseCli(world.releases, 'verify', 'remote_factors', world.broken).code).toBe(0);
  const broken = releaseCli(world.releases, 'verify', 'remote_factors', world.broken, '--smoke');
  expect(broken.code).toBe(1);
  expect(broken.answer.error).toBe(`remote_factors ${world.broken} fails the smoke test`);
  expect(broken.answer.problems).toContain('uncaught error: broken build');
  expect(broken.answer.problems?.some((problem) => problem.startsWith('./Otp: it failed to load'))).toBe(
    true,
  );
  // Refused at loading: no screen of it is rendered.
  expect(JSON.stringify(broken.answer)).toContain('no screen is rendered: the build fails to load');

  // Loads cleanly, throws on every render of /sotp, /eotp, /votp; FactorSelection logs an error.
  // Only the screens the fault touches are rendered (--routes), as after a change to a few screens.
  expect(releaseCli(world.releases, 'verify', 'remote_factors', world.faulty).code).toBe(0);
  const faulty = releaseCli(
    world.releases,
    'verify',
    'remote_factors',
    world.faulty,
    '--smoke',
    '--routes=/sotp,/factorselection',
  );
  expect(faulty.code).toBe(1);
  const problems = faulty.answer.problems ?? [];
  expect(problems).toContain(
    "/sotp (./Otp as sam.sms): the screen fails to render; the portal shows 'Unable to handle the request'",
  );
  expect(
    problems.some((problem) =>
      problem.startsWith('/sotp (./Otp as sam.sms): the screen threw: Otp renders broken'),
    ),
  ).toBe(true);
  expect(problems).toContain(
    '/factorselection (./FactorSelection as felix.factors): console error: FactorSelection logs an error',
  );
  expect(problems.some((problem) => problem.startsWith('./Otp'))).toBe(false);
  // The routes left out are said, not passed over in silence.
  expect(faulty.answer.smoke?.notChecked).toEqual(
    expect.arrayContaining([expect.stringMatching(/^not rendered \(--routes\): .*\/eotp/)]),
  );
});

test('verify --smoke=journey signs pat.password and sam.sms in on the build', async ({ world }) => {
  test.setTimeout(120_000);
  const journey = releaseCli(world.releases, 'verify', 'remote_factors', world.one, '--smoke=journey');
  expect(journey.answer).toMatchObject({ ok: true, result: { smoke: { mode: 'journey', problems: [] } } });
});
