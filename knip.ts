import type { KnipConfig } from 'knip';

/**
 * Dead-code check (`npm test`, right after Biome): unused files, exports, types and dependencies.
 * Entry points are the ones the tools start from; knip's vitest and playwright plugins add each
 * package's tests and configs. Federation loads code knip cannot follow, so those are entries too.
 */
const config: KnipConfig = {
  // An export also used in its own module is a wide export, not dead code.
  ignoreExportsUsedInFile: true,
  // Debian's, installed by .ci/run: the several-servers tests start Redis themselves.
  ignoreBinaries: ['redis-server'],
  // Rspack configs are listed as entries below: evaluating them (what the plugin does) builds
  // every federation config and reads the disk, and adds nothing.
  rspack: false,
  workspaces: {
    '.': {
      // `pnpm exec biome` in scripts/test.mjs, run by name.
      ignoreDependencies: ['@biomejs/biome'],
      entry: [
        'scripts/*.mjs',
        'scripts/*.d.mts',
        'scripts/codemods/*.mjs',
        'scripts/i18n/*.mjs',
        'scripts/i18n/*.d.mts',
      ],
      project: ['scripts/**/*.{mjs,mts}'],
    },
    host: {
      // The runtime plugins and the prerendered shell are named by path in rspack.config.ts.
      entry: [
        'rspack.config.ts',
        'src/index.ts',
        'src/prerender/Shell.tsx',
        'src/federation/retryPlugin.ts',
        'src/federation/errorPlugin.ts',
        'src/federation/integrityPlugin.ts',
      ],
      project: ['*.ts', 'src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}'],
      // Not imported: the federation build plugin brings it in (provideExternalRuntime); react-intl
      // is provided by path to the remotes (tooling/src/shared.ts), which the host's code does not use.
      ignoreDependencies: ['@module-federation/runtime', 'react-intl'],
    },
    'remote-*': {
      // A remote's exposes (exposes.ts) are the modules of src/exposes, which the host loads by
      // name at run time; host/test/exposeContract.test.ts keeps the two the same.
      // e2e/: the remote's own screenshot specs, run by e2e/playwright.config.ts (a project each).
      entry: ['rspack.config.ts', 'src/exposes/*.tsx', 'e2e/**/*.spec.ts'],
      project: ['*.ts', 'src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
      // Not imported: the federation build plugin (through @portal/tooling) runs with it; react-intl is
      // a shared singleton every build declares (tooling/src/shared.ts reads its version), for screens
      // that want its React components.
      ignoreDependencies: ['@module-federation/enhanced', 'react-intl'],
    },
    shared: {
      // The kernel's entries are public through `exports`; their exports must still have a
      // consumer somewhere in the workspace. scripts/apiReport.mjs is the api:report script.
      includeEntryExports: true,
      entry: ['scripts/apiReport.mjs'],
      project: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'scripts/*.mjs'],
    },
    tooling: {
      // appConfig is reached through `exports`; the harness and its design gallery are entries of
      // the remotes' dev build.
      entry: ['harness/index.ts', 'harness/gallery/index.ts'],
      project: ['src/**/*.ts', 'harness/**/*.{ts,tsx}', 'test/**/*.ts'],
      // Run by path (catalogues.ts: `formatjs compile --ast`), never imported; react-intl's version
      // and folder are read for the shared singletons (shared.ts).
      ignoreDependencies: ['@formatjs/cli', 'react-intl'],
    },
    'portal-server': {
      entry: ['src/main.ts'],
      project: ['*.ts', 'src/**/*.ts', 'test/**/*.ts'],
    },
    release: {
      entry: ['src/main.ts'],
      project: ['*.ts', 'src/**/*.ts', 'test/**/*.ts'],
    },
    'sso-emulator': {
      entry: ['src/main.ts'],
      project: ['*.ts', 'src/**/*.ts', 'test/**/*.ts'],
    },
    bench: {
      // FloorPage.jsx is the entry of the floor page's build (floor/buildFloor.mjs);
      // server/floorServer.mjs is the server section's floor, run as a child process.
      entry: ['*.mjs', 'floor/*.mjs', 'floor/FloorPage.jsx', 'server/floorServer.mjs'],
      project: ['**/*.{mjs,jsx}'],
    },
    e2e: {
      // engines/: the cross-engine journeys (project 'engines'), their own testDir. hostile/: the
      // fault campaign, run by hostile.config.ts (`npm run test:hostile`).
      entry: ['engines/**/*.spec.ts', 'hostile.config.ts', 'hostile/**/*.spec.ts'],
      project: ['*.ts', 'src/**/*.ts', 'tests/**/*.ts', 'engines/**/*.ts', 'hostile/**/*.ts'],
    },
  },
};

export default config;
