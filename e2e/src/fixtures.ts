import { expect, type Locator, mergeTests, type Page } from '@playwright/test';
import { axeGuard } from './axeGuard';
import { cspGuard } from './cspGuard';
import { themeEnv } from './designPass';
import { recordPage } from './failureRecord';
import { type PortalStack, startStack } from './servers';

export interface EmulatorApi {
  reset(): Promise<void>;
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
}

export function emulatorApi(baseUrl: string): EmulatorApi {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/_emulator/api/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`emulator ${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    reset: () => call('POST', 'reset'),
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
  };
}

/**
 * Every test runs under the CSP guard and the axe guard (both automatic). Specs import `test` and
 * `expect` from this module only (biome.json: noRestrictedImports on e2e/tests/**); a spec that
 * starts its own servers uses `guarded` (the guards without the shared stack).
 */
export const guarded = mergeTests(cspGuard, axeGuard);
const base = guarded;

interface WorkerFixtures {
  stack: PortalStack;
}

interface TestFixtures {
  emulator: EmulatorApi;
  /**
   * Uncaught errors in the page; a test that uses this fixture fails if any remain at its end.
   * A test that injects a failure on purpose removes the errors it expects.
   */
  pageErrors: Error[];
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      // PSEUDO_LOCALES: the language picker offers the pseudo-locales too, so the locale pass
      // (src/localePass.ts) can switch a running screen to them. E2E_THEME: the theme the portal
      // server brands every page with (THEME_FILE; src/designPass.ts), the default's unless named.
      const stack = await startStack({
        portalEnv: { LOG_LEVEL: 'warn', PSEUDO_LOCALES: 'on', ...themeEnv() },
      });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // A failed test carries what its page did (failureRecord.ts).
  page: async ({ page }, use, testInfo) => {
    const attachRecord = recordPage(page);
    await use(page);
    await attachRecord(testInfo);
  },
  baseURL: async ({ stack }, use) => {
    await use(stack.portalUrl);
  },
  emulator: [
    // Automatic: every test starts from the fixtures (a test that never names the emulator
    // must not inherit the credentials or faults an earlier test left behind).
    async ({ stack }, use) => {
      const api = emulatorApi(stack.emulatorUrl);
      await api.reset();
      await use(api);
    },
    { auto: true },
  ],
  pageErrors: async ({ page }, use) => {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await use(errors);
    expect(
      errors.map((e) => e.message),
      'uncaught errors in the page',
    ).toEqual([]);
  },
});

export { expect, type Locator, type Page };
