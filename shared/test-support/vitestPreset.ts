import { defineConfig, type ViteUserConfig } from 'vitest/config';

const CATALOGUES_SETUP = decodeURIComponent(new URL('./compiledCatalogues.ts', import.meta.url).pathname);

/**
 * The one vitest configuration of the front-end packages (host, shared, the remotes, tooling):
 * a browser-like window, the build label the bundler would define, the tests under test/, and
 * the one setup file (a fresh store per test, cleanup, the fake server's unexpected-request check).
 */
export function portalVitestConfig(): ViteUserConfig {
  return defineConfig({
    define: { __PORTAL_BUILD_LABEL__: JSON.stringify('test') },
    test: {
      environment: 'jsdom',
      include: ['test/**/*.test.{ts,tsx}'],
      // A path beside this file, whichever package's config loads it.
      setupFiles: [decodeURIComponent(new URL('./setup.ts', import.meta.url).pathname)],
      // The compiled catalogues, where no build has made them yet (tests that switch the language).
      globalSetup: [CATALOGUES_SETUP],
      restoreMocks: true,
      // A time-out here finds a hang, not slowness (speed is a bench): a test that renders the whole
      // router transforms its modules on first use, which took over 5 s, vitest's default, with
      // the machine's two cores shared by CI's two workers and other builds.
      testTimeout: 20_000,
      // One window per worker, not one per test file: setting up jsdom for each file was most of
      // the suite's time. The setup file gives each test a fresh store, storage and cookies.
      isolate: false,
    },
  });
}

/**
 * The preset, with the test files that leave module state behind (which another file in the same
 * window would trip over) each in a window of their own; the others share one as usual.
 */
export function portalVitestConfigWithOwnWindows(ownWindow: readonly string[]): ViteUserConfig {
  const preset = portalVitestConfig();
  return defineConfig({
    test: {
      globalSetup: [CATALOGUES_SETUP],
      projects: [
        { ...preset, test: { ...preset.test, name: 'shared-window', exclude: [...ownWindow] } },
        { ...preset, test: { ...preset.test, name: 'own-window', include: [...ownWindow], isolate: true } },
      ],
    },
  });
}
