import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test as base } from '../src/fixtures';
import { buildBefore } from '../src/featureBuild';
import { copyReleases, releaseCli } from '../src/releases';
import { freePort, type PortalStack, repoRoot, startStack } from '../src/servers';

/*
 * Canary analysis end to end (issue 24, item 2): a Help build whose screen throws on every render
 * is promoted as a 50 % canary with --watch; real Chromium sessions load /help, their pages send
 * beacons, the portal server counts them per cohort, and the release tool, reading the operators'
 * /canary-stats, rolls the canary back by itself and logs why.
 */
interface CanaryWorld {
  releases: string;
  live: string;
  throwing: string;
  stack: PortalStack;
  statsUrl: string;
}

// biome-ignore lint/complexity/noBannedTypes: Playwright's fixture signature (no test fixtures)
const test = base.extend<{}, { world: CanaryWorld }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const releases = copyReleases();
      const copy = buildBefore('remote-help', 'canary-throws', {
        'src/exposes/Help.tsx': (text) =>
          text.replace(
            'export default function HelpScreen() {',
            "export default function HelpScreen() {\n  if (Math.random() < 2) throw new Error('Help renders broken');",
          ),
      });
      const metricsPort = await freePort();
      let stack: PortalStack | undefined;
      try {
        const staged = releaseCli(releases, 'stage', 'remote_help', '--from', path.join(copy, 'dist'));
        if (staged.code !== 0) throw new Error(`stage failed: ${JSON.stringify(staged.answer)}`);
        const remotes = JSON.parse(readFileSync(path.join(releases, 'remotes.json'), 'utf8')) as Record<
          string,
          { manifest: string }
        >;
        const live = remotes.remote_help?.manifest.split('/').at(-2) ?? '';
        stack = await startStack({
          portalEnv: {
            LOG_LEVEL: 'warn',
            RELEASES_DIR: releases,
            REMOTES_CONFIG: path.join(releases, 'remotes.json'),
            METRICS_PORT: String(metricsPort),
            // Every session here comes from one address (127.0.0.1), several at once: real users'
            // beacons come from theirs. The default allowance (60 a minute per address) would drop
            // some of this test's, and their sessions would be counted without their errors.
            BEACON_RATE_LIMIT: '1000',
          },
        });
        await use({
          releases,
          live,
          throwing: String(staged.answer.result?.release),
          stack,
          statsUrl: `http://127.0.0.1:${metricsPort}/canary-stats`,
        });
      } finally {
        await stack?.stop();
        rmSync(copy, { recursive: true, force: true });
        rmSync(releases, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Runs the release tool in the background, as an engineer's terminal would, collecting its answer. */
function releaseInBackground(releases: string, ...args: string[]) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/release.mjs', ...args, '--dir', releases, '--json'],
    { cwd: repoRoot, env: { ...process.env, USER: 'e2e.release' } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const done = new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr })),
  );
  return { child, done, running: () => child.exitCode === null };
}

interface Counts {
  release: string;
  cohort: string;
  sessions: number;
  sessionsWithError: number;
  errors: Record<string, number>;
}
async function helpCounts(statsUrl: string): Promise<Counts[]> {
  const reply = (await (await fetch(statsUrl)).json()) as { builds: (Counts & { remote: string })[] };
  return reply.builds.filter((build) => build.remote === 'remote_help');
}
const sessionsOf = (counts: Counts[], release: string, cohort: string) =>
  counts.find((item) => item.release === release && item.cohort === cohort)?.sessions ?? 0;
const sessionsWithErrorOf = (counts: Counts[], release: string, cohort: string) =>
  counts.find((item) => item.release === release && item.cohort === cohort)?.sessionsWithError ?? 0;

/**
 * Sessions opened together. The tool judges at five canary sessions; opened one after another, each
 * a page load and a counted beacon, they once did not reach five inside its 40 s window on a loaded
 * machine (CI run 24). Four at a time, as users arrive, they do in a few rounds.
 */
const SESSIONS_AT_ONCE = 4;

interface Session {
  context: BrowserContext;
  cohort: 'live' | 'canary';
  release: string;
}

/** One user's visit to /help, checked as they see it: a canary session's screen failed, a live one's did not. */
async function visitHelp(browser: Browser, world: CanaryWorld): Promise<Session> {
  const context = await browser.newContext({ baseURL: world.stack.portalUrl });
  const page = await context.newPage();
  await page.goto('/help');
  const plan = JSON.parse((await page.locator('#portal-bootstrap').textContent()) ?? '{}') as {
    remotes: Record<string, { manifest: string }>;
  };
  const canary = plan.remotes.remote_help?.manifest.includes(`/${world.throwing}/`) === true;
  if (canary) {
    await expect(page.getByText('Unable to handle the request')).toBeVisible();
  } else {
    await expect(page.locator('[data-failed-remote]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  return { context, cohort: canary ? 'canary' : 'live', release: canary ? world.throwing : world.live };
}

/** What the server should have counted for a round: per build and cohort, sessions and sessions with an error. */
function expectedCounts(before: Counts[], sessions: readonly Session[]) {
  const expected: Record<string, { sessions: number; withError: number }> = {};
  for (const { cohort, release } of sessions) {
    const key = `${release} ${cohort}`;
    expected[key] ??= {
      sessions: sessionsOf(before, release, cohort),
      withError: sessionsWithErrorOf(before, release, cohort),
    };
    expected[key].sessions += 1;
    if (cohort === 'canary') expected[key].withError += 1;
  }
  return expected;
}

test('a canary Help build that throws is rolled back by promote --watch, and the log says why', async ({
  browser,
  world,
}) => {
  test.setTimeout(60_000);
  // The public port never serves the counts.
  expect((await fetch(`${world.stack.portalUrl}/canary-stats`)).status).not.toBe(200);

  const watch = releaseInBackground(
    world.releases,
    'promote',
    'remote_help',
    world.throwing,
    '--canary',
    '50',
    '--watch',
    '--window',
    '40s',
    '--every',
    '1s',
    '--stats',
    world.statsUrl,
  );
  try {
    // The promote happens at once; then the tool watches.
    await expect
      .poll(
        () => JSON.parse(readFileSync(path.join(world.releases, 'remotes.json'), 'utf8')).remote_help.canary,
      )
      .toMatchObject({ percent: 50 });

    // Once the tool has rolled the canary back, remotes.json no longer names the canary build and
    // its beacons are ignored (bounded labels): asked of remotes.json itself, since the tool writes
    // the rollback a moment before its process ends.
    const canaryRuns = () =>
      (
        JSON.parse(readFileSync(path.join(world.releases, 'remotes.json'), 'utf8')) as Record<
          string,
          { canary?: unknown }
        >
      ).remote_help?.canary !== undefined;
    const cohorts = { live: 0, canary: 0 };
    for (let round = 0; round < 8 && watch.running(); round += 1) {
      // The counts before the round's pages exist: a beacon leaves a second after its screen starts.
      const before = await helpCounts(world.statsUrl);
      const sessions = await Promise.all(
        Array.from({ length: SESSIONS_AT_ONCE }, () => visitHelp(browser, world)),
      );
      // What the server receives: each session counted once in its build and cohort, a canary
      // session with its error (a session counts from its first beacon, and its error may come in a
      // later one: in CI run 25 a canary session had been counted without it when its page closed).
      const expected = expectedCounts(before, sessions);

      await expect
        .poll(async () => {
          const counts = await helpCounts(world.statsUrl);
          const stillCanary = canaryRuns();
          return Object.fromEntries(
            Object.entries(expected).map(([key, wanted]) => {
              const [release = '', cohort = ''] = key.split(' ');
              if (cohort === 'canary' && !stillCanary) return [key, wanted];
              return [
                key,
                {
                  sessions: sessionsOf(counts, release, cohort),
                  withError: sessionsWithErrorOf(counts, release, cohort),
                },
              ];
            }),
          );
        })
        .toEqual(expected);
      for (const session of sessions) {
        cohorts[session.cohort] += 1;
        await session.context.close();
      }
    }

    const { code, stdout } = await watch.done;
    expect(cohorts.canary).toBeGreaterThanOrEqual(5);
    expect(code).toBe(1);
    const answer = JSON.parse(stdout) as { result: { watch: { verdict: string; reason: string } } };
    expect(answer.result.watch.verdict).toBe('worse');

    // The counts behind the verdict: the judge saw at least five canary sessions (its minimum), the
    // errors it names are all in the server's counts and were the error boundary's; no live session
    // had one. A canary session whose error's beacon had not yet come when the judge looked (or came
    // after the rollback, when the canary build's beacons are no longer counted: bounded labels) is
    // counted without it: on a slow machine the judge once saw errors in 4 of 5 sessions.
    const judged = /canary errors in (\d+) of (\d+) sessions/.exec(answer.result.watch.reason);
    const [judgedErrors, judgedSessions] = [Number(judged?.[1] ?? 0), Number(judged?.[2] ?? 0)];
    expect(judgedSessions).toBeGreaterThanOrEqual(5);
    expect(judgedErrors).toBeGreaterThanOrEqual(1);
    const counts = await helpCounts(world.statsUrl);
    const canaryCounts = counts.find((item) => item.release === world.throwing && item.cohort === 'canary');
    expect(canaryCounts?.sessionsWithError).toBeGreaterThanOrEqual(judgedErrors);
    expect(canaryCounts?.errors.boundary).toBe(canaryCounts?.sessionsWithError);
    expect((canaryCounts?.sessions ?? 0) - (canaryCounts?.sessionsWithError ?? 0)).toBeLessThan(
      SESSIONS_AT_ONCE,
    );
    expect(counts.find((item) => item.release === world.live)?.sessionsWithError ?? 0).toBe(0);

    // The log's last switch: the canary ended by the same engineer, saying why.
    const entries = readFileSync(path.join(world.releases, 'release-log.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => 'action' in entry);
    expect(entries.at(-1)).toMatchObject({
      action: 'end-canary',
      by: 'e2e.release',
      remote: 'remote_help',
      from: { release: world.throwing },
      to: { release: world.live },
      reason: expect.stringMatching(
        /^canary clearly worse than live \(promote --watch\): canary errors in (\d+) of \1 sessions \(100\.0 %\)/,
      ),
    });
    const remotes = JSON.parse(readFileSync(path.join(world.releases, 'remotes.json'), 'utf8'));
    expect(remotes.remote_help.canary).toBeUndefined();

    // status --stats shows the figures per build.
    const status = releaseCli(world.releases, 'status', '--stats', world.statsUrl);
    expect(status.code).toBe(0);
    const listed = (status.answer.result?.remotes ?? []) as { remote: string; live: { health?: unknown } }[];
    const help = listed.find((item) => item.remote === 'remote_help');
    expect(help?.live.health).toMatchObject({ sessions: cohorts.live, sessionsWithError: 0 });
  } finally {
    if (watch.running()) watch.child.kill();
  }
});
