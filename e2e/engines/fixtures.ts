import { writeFileSync } from 'node:fs';
import { test as base, expect } from '@playwright/test';
import { type EmulatorApi, emulatorApi } from '../src/fixtures';
import { type PortalStack, startStack } from '../src/servers';
import type { EngineDriver, EngineName } from './drivers/driver';
import { browserPool, selectedEngines } from './engines';
import { User } from './user';

/**
 * The engines project's own fixtures, from Playwright's base: the worker's stack (production
 * build and emulator, as in the other projects), one browser per engine per worker, the emulator
 * reset before each test, and `open(engine)`: a fresh tab (its own cookies and storage) closed at
 * the end of the test, which fails on any uncaught error where the engine reports them. No
 * Playwright `page` here, so no Chromium is started for a Firefox or WebKit test.
 */
interface WorkerFixtures {
  stack: PortalStack;
  browsers: ReturnType<typeof browserPool>;
}

interface TestFixtures {
  emulator: EmulatorApi;
  open: (engine: EngineName) => Promise<User>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const stack = await startStack({ portalEnv: { LOG_LEVEL: 'warn' } });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  browsers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      const pool = browserPool();
      try {
        await use(pool);
      } finally {
        await pool.closeAll();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  emulator: [
    async ({ stack }, use) => {
      const api = emulatorApi(stack.emulatorUrl);
      await api.reset();
      await use(api);
    },
    { auto: true },
  ],
  open: async ({ stack, browsers }, use, testInfo) => {
    const tabs: EngineDriver[] = [];
    await use(async (engine) => {
      const tab = await (await browsers.get(engine)).open();
      tabs.push(tab);
      return new User(tab, stack.portalUrl);
    });
    if (testInfo.status !== testInfo.expectedStatus)
      for (const [index, tab] of tabs.entries())
        await testInfo.attach(`${tab.engine}-${index}.png`, {
          path: await saveFailure(tab, testInfo.outputPath(`${tab.engine}-${index}.png`)),
          contentType: 'image/png',
        });
    const errors = tabs.flatMap((tab) => (tab.pageErrors() ?? []).map((error) => `${tab.engine}: ${error}`));
    await Promise.all(tabs.map((tab) => tab.close()));
    expect(errors, 'uncaught errors and console errors in the page').toEqual([]);
  },
});

/** A picture of a tab at the end of a failed test, beside its trace. */
async function saveFailure(tab: EngineDriver, file: string): Promise<string> {
  writeFileSync(file, await tab.screenshot().catch(() => Buffer.from('')));
  return file;
}

/** Declares a journey once per selected engine (`<engine>: <title>`). */
export function eachEngine(declare: (engine: EngineName) => void): void {
  for (const engine of selectedEngines()) declare(engine);
}

export { expect };
