// `npm run test:design`: the screenshot suite's design pass (issue 44, 'One design system'; README,
// "The design pass"): installs, builds, then runs every screenshot spec with E2E_DESIGN=1 twice,
// once with the default theme and once with the example theme (E2E_THEME=fernbrook: the portal
// server starts with portal-server/themes/fernbrook/theme.json). Each screen's representative state
// (expectScreen's `looks: true`) is compared light and dark, in en-US and ar, at 1280 and 320 px,
// with `<name>-<theme>-<scheme>-<locale>-<width>.png` (e2e/src/designPass.ts). Not part of `npm test`.
// Extra arguments go to Playwright: `npm run test:design -- --update-snapshots`, `-- --grep user-id`.
import { buildAll, install, pnpm } from './run.mjs';

/** The screenshot specs: e2e/tests/screens*.spec.ts and each remote's e2e/*screens*.spec.ts. */
const SCREENSHOT_SPECS = 'screens[^/]*\\.spec\\.ts';
const PROJECTS = ['portal', 'remote-login', 'remote-factors', 'remote-selfservice', 'remote-help'];
/** The themes of the pass: the default, and the example theme with its logo. */
const THEMES = ['default', 'fernbrook'];

const started = Date.now();
install();
buildAll();
for (const theme of THEMES) {
  pnpm(
    `Design pass, ${theme} theme (Playwright, Chromium: light and dark, en-US and ar, 1280 and 320 px)`,
    [
      '--filter',
      '@portal/e2e',
      'exec',
      'playwright',
      'test',
      ...PROJECTS.flatMap((project) => ['--project', project]),
      ...process.argv.slice(2),
      SCREENSHOT_SPECS,
    ],
    { env: { ...process.env, E2E_DESIGN: '1', E2E_THEME: theme } },
  );
}
console.log(
  `\nDesign pass: ${((Date.now() - started) / 1000).toFixed(1)} s in all (install and build included)`,
);
