import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { startStack } from '../../scripts/stack.mjs';
import { liveHostDist, type ReleaseContext, resolveRemote } from './context.js';
import { buildContributions } from './contributions.js';
import { ReleaseError } from './errors.js';
import { readIntegrityRecord } from './integrityRecord.js';
import { MANIFEST_FILE, parseManifest } from './manifest.js';
import { RemotesConfig } from './remotesConfig.js';
import { runJourneys } from './smoke/journey.js';
import { chooseRoutes, exposesNotRendered, planVisits, readFactorUsers } from './smoke/plan.js';
import type { SmokeMode, SmokeReport } from './smoke/report.js';
import { renderScreens, STEP_TIMEOUT_MS } from './smoke/screens.js';

const describe = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);

interface FederationWindow {
  __FEDERATION__?: { __INSTANCES__?: { name: string; loadRemote: (id: string) => Promise<unknown> }[] };
}

/**
 * `verify --smoke`: serves the release directory with the build in place of the live one (a
 * temporary remotes.json; the real one is not touched) through a portal server and the SSO
 * emulator on free ports, opens the portal in headless Chromium, loads each of the build's
 * exposes through the host's federation runtime, then renders every route the build contributes
 * with the state its guard needs (src/smoke/plan.ts) and checks each screen: no error banner in
 * its place, no page or console error or failed request, no axe-core WCAG A/AA violation.
 * `journey` instead signs pat.password and sam.sms in through the emulator, step by step.
 * The report lists the problems (the caller refuses the build on any) and what was not checked.
 */
export async function smokeTest(
  context: ReleaseContext,
  remoteInput: string,
  release: string,
  mode: SmokeMode,
  repoRoot: string,
  routes?: readonly string[],
): Promise<SmokeReport> {
  const started = Date.now();
  const remote = resolveRemote(remoteInput);
  const { dir } = context;
  const folder = dir.existingFolder(remote, release);
  const parsed = parseManifest(readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'));
  const record = readIntegrityRecord(folder);
  if (!parsed.ok || !record.ok) throw new ReleaseError(`${remote.name} ${release} is not a staged build`);
  const contributions = buildContributions(parsed.manifest);
  if (!contributions.ok)
    throw new ReleaseError(`${remote.name} ${release} is refused`, [contributions.problem]);
  const harnessFile = path.join(remote.pkg, 'harness.json');
  const factorUsers = readFactorUsers(path.join(repoRoot, remote.pkg));
  if (!factorUsers.ok)
    throw new ReleaseError('The smoke test cannot tell which fixture user reaches each factor step', [
      factorUsers.problem,
    ]);
  const planned = planVisits(contributions.value, factorUsers.users, harnessFile);
  const chosen = chooseRoutes(planned, routes ?? planned.map((visit) => visit.path));
  if (!chosen.ok)
    throw new ReleaseError(`${remote.name} ${release} contributes no route ${chosen.unknown.join(', ')}`, [
      `its routes: ${planned.map((visit) => visit.path).join(', ')}`,
    ]);
  const visits = chosen.visits;
  const exposes = parsed.manifest.exposes.map((expose) => expose.path);

  const scratch = mkdtempSync(path.join(tmpdir(), 'release-smoke-'));
  const remotesFile = path.join(scratch, 'remotes.json');
  writeFileSync(
    remotesFile,
    RemotesConfig.read(dir.remotesFile)
      .with(remote.name, { manifest: dir.manifestUrl(remote, release), integrity: record.record.manifest })
      .text(),
  );

  const report: SmokeReport = { mode, rendered: [], notChecked: [], problems: [], seconds: 0 };
  const stack = await startStack({
    portalEnv: {
      RELEASES_DIR: dir.root,
      REMOTES_CONFIG: remotesFile,
      HOST_DIST: liveHostDist(context),
      LOG_LEVEL: 'warn',
    },
  }).catch((error: unknown) => {
    rmSync(scratch, { recursive: true, force: true });
    throw new ReleaseError(
      'The smoke test cannot start the portal server and the SSO emulator (build them first: node scripts/pnpm.mjs -r build)',
      [describe(error)],
    );
  });
  const browser = await chromium.launch(chromiumLaunchOptions()).catch(async (error: unknown) => {
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
    throw new ReleaseError('The smoke test cannot start Chromium (set CHROMIUM_PATH)', [describe(error)]);
  });
  try {
    if (mode !== 'journey') {
      const loadProblems = await loadExposes(browser, stack.portalUrl, remote.name, exposes);
      report.problems.push(...loadProblems);
      // A build whose screens do not even load is refused already; rendering it would only
      // repeat the same failure on every route, at the cost of a sign-in per screen.
      if (loadProblems.length > 0) {
        report.notChecked.push('no screen is rendered: the build fails to load');
      } else {
        const screens = await renderScreens(browser, stack.portalUrl, remote.name, visits);
        report.rendered.push(...screens.rendered);
        report.notChecked.push(...screens.notReached);
        report.problems.push(...screens.problems);
        if (routes) {
          if (chosen.left.length > 0)
            report.notChecked.push(`not rendered (--routes): ${chosen.left.join(', ')}`);
        } else {
          for (const expose of exposesNotRendered(exposes, visits))
            report.notChecked.push(
              `${expose} is loaded but not rendered: no route the smoke can reach shows it`,
            );
        }
      }
    }
    if (mode !== 'screens')
      report.problems.push(...(await runJourneys(browser, stack.portalUrl, stack.emulatorUrl)));
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  report.seconds = Math.round((Date.now() - started) / 100) / 10;
  return report;
}

/** Loads each expose through the host's federation runtime: each must load to a component. */
async function loadExposes(
  browser: Browser,
  portalUrl: string,
  remote: string,
  exposes: readonly string[],
): Promise<string[]> {
  const problems: string[] = [];
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on('pageerror', (error) => problems.push(`uncaught error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  try {
    // An address no route serves: the host's not-found page, whose start-up data plans every
    // remote in full, so each is registered with the federation runtime before the first render
    // (a screen's page plans only its own remote and its likely-next ones).
    await page.goto(`${portalUrl}/release-smoke-no-such-page`);
    // The host has started its federation runtime (whichever remote its first screen needs).
    await page.waitForFunction(() =>
      (globalThis as FederationWindow).__FEDERATION__?.__INSTANCES__?.some((item) => item.name === 'host'),
    );
    for (const expose of exposes) {
      const id = `${remote}/${expose.replace(/^\.\//, '')}`;
      const loaded = await page.evaluate(async (request) => {
        const instance = (globalThis as FederationWindow).__FEDERATION__?.__INSTANCES__?.find(
          (item) => item.name === 'host',
        );
        if (!instance) return 'the host has no federation runtime';
        try {
          const module = (await instance.loadRemote(request)) as { default?: unknown } | undefined;
          return typeof module?.default === 'function' ? 'ok' : 'it exports no component';
        } catch (error) {
          return `it failed to load: ${error instanceof Error ? error.message : String(error)}`;
        }
      }, id);
      if (loaded !== 'ok') problems.push(`${expose}: ${loaded}`);
    }
  } catch (error) {
    problems.push(`the portal did not start in Chromium: ${describe(error)}`);
  } finally {
    await context.close();
  }
  return problems;
}
