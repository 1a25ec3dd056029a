import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { startStack } from '../../scripts/stack.mjs';
import { liveHostDist, type ReleaseContext, resolveRemote } from './context.js';
import { ReleaseError } from './errors.js';
import { readIntegrityRecord } from './integrityRecord.js';
import { MANIFEST_FILE, parseManifest } from './manifest.js';
import { RemotesConfig } from './remotesConfig.js';

/** Long enough for a cold start on a slow machine; a hung load is a failure, not a wait. */
const LOAD_TIMEOUT_MS = 30_000;

const describe = (error: unknown) =>
  error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);

interface FederationWindow {
  __FEDERATION__?: { __INSTANCES__?: { name: string; loadRemote: (id: string) => Promise<unknown> }[] };
}

/**
 * `verify --smoke`: serves the release directory with the build in place of the live one (a
 * temporary remotes.json; the real one is not touched) through a portal server and the SSO
 * emulator on free ports, opens the portal in headless Chromium and loads each of the build's
 * exposes through the host's federation runtime. Any page error, console error, failed request
 * or expose that does not load to a component fails it.
 */
export async function smokeTest(
  context: ReleaseContext,
  remoteInput: string,
  release: string,
): Promise<void> {
  const remote = resolveRemote(remoteInput);
  const { dir } = context;
  const folder = dir.existingFolder(remote, release);
  const parsed = parseManifest(readFileSync(path.join(folder, MANIFEST_FILE), 'utf8'));
  const record = readIntegrityRecord(folder);
  if (!parsed.ok || !record.ok) throw new ReleaseError(`${remote.name} ${release} is not a staged build`);

  const scratch = mkdtempSync(path.join(tmpdir(), 'release-smoke-'));
  const remotesFile = path.join(scratch, 'remotes.json');
  writeFileSync(
    remotesFile,
    RemotesConfig.read(dir.remotesFile)
      .with(remote.name, { manifest: dir.manifestUrl(remote, release), integrity: record.record.manifest })
      .text(),
  );

  const problems: string[] = [];
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
    const page = await browser.newPage();
    page.setDefaultTimeout(LOAD_TIMEOUT_MS);
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
    await page.goto(`${stack.portalUrl}/`);
    // The host has started its federation runtime (whichever remote its first screen needs).
    await page.waitForFunction(() =>
      (globalThis as FederationWindow).__FEDERATION__?.__INSTANCES__?.some((item) => item.name === 'host'),
    );
    for (const expose of parsed.manifest.exposes) {
      const id = `${remote.name}/${expose.path.replace(/^\.\//, '')}`;
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
      if (loaded !== 'ok') problems.push(`${expose.path}: ${loaded}`);
    }
  } catch (error) {
    problems.push(`the portal did not start in Chromium: ${describe(error)}`);
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  if (problems.length > 0) throw new ReleaseError(`${remote.name} ${release} fails the smoke test`, problems);
}
