// `npm run test:locales`: the screenshot suite's locale pass (issue 26; README, "The locale pass"):
// installs, builds, then runs every screenshot spec with E2E_LOCALES=1, so each screen is also
// compared in the pseudo-locales en-XA and ar-XB at 1280 and 320 px and checked with axe in ar and
// ja-JP (e2e/src/localePass.ts), and the keyboard journeys in en-XA and ar-XB
// (e2e/tests/keyboard-locales.spec.ts). Not part of `npm test`, which stays within CI's 20 minutes.
// Extra arguments go to Playwright: `npm run test:locales -- --update-snapshots`, `-- --workers=1`.
import { buildAll, install, pnpm } from './run.mjs';

/**
 * The screenshot specs (e2e/tests/screens*.spec.ts and each remote's e2e/*screens*.spec.ts), and
 * the keyboard journeys in the pseudo-locales (e2e/tests/keyboard-locales.spec.ts, skipped
 * outside the pass).
 */
const LOCALE_PASS_SPECS = '(screens[^/]*|keyboard-locales)\\.spec\\.ts';
const PROJECTS = ['portal', 'remote-login', 'remote-factors', 'remote-selfservice', 'remote-help'];

install();
buildAll();
pnpm(
  'Locale pass (Playwright, Chromium: screenshots in en-XA and ar-XB, axe in ar and ja-JP, keyboard in en-XA and ar-XB)',
  [
    '--filter',
    '@portal/e2e',
    'exec',
    'playwright',
    'test',
    ...PROJECTS.flatMap((project) => ['--project', project]),
    ...process.argv.slice(2),
    LOCALE_PASS_SPECS,
  ],
  { env: { ...process.env, E2E_LOCALES: '1' } },
);
