import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { checkScreenLooks, DEFAULT_THEME, designPassTakes, THEME } from './designPass';
import { checkScreenInLocales, LOCALE_PASS } from './localePass';

/**
 * Screenshot tests (e2e/tests/screens*.spec.ts and each remote's e2e/): the two widths every screen is compared at, the
 * fixed clock, the fonts, and one assertion that takes both pictures.
 */

/** A desktop and the narrowest phone. Full-page pictures, so the height only sets `vh`. */
export const VIEWPORTS = {
  1280: { width: 1280, height: 800 },
  320: { width: 320, height: 640 },
} as const;

/**
 * The browser's clock starts here (it then runs, so timers and polling work); the footer's year and
 * anything else the page derives from `Date` come out the same on every run. In the past, so
 * tokens the emulator issues (real time) are not seen as expired.
 */
export const FIXED_TIME = new Date('2026-01-15T09:00:00.000Z');

/**
 * Only the fonts of Debian's fonts-dejavu-core (installed by .ci/run), whatever else the machine
 * has: Chromium reads fontconfig, pointed at this file for the screenshot workers.
 */
export const FONTCONFIG_FILE = fileURLToPath(new URL('./fonts.conf', import.meta.url));

/**
 * How different a picture may be. The same Chromium with the same fonts renders the same pixels,
 * so this only absorbs noise: at most 0.1 % of the pixels (about 1,000 of a 1280 × 800 page, 200
 * of a 320 × 640 one) may differ, and a pixel differs once its colour moves by more than 0.03
 * (pixelmatch's YIQ distance; Playwright's default 0.2 does not see a pale background such as the
 * error banner's #fdecee turn white). A screen that loses one of its stylesheets differs by far more.
 */
const TOLERANCE = { maxDiffPixelRatio: 0.001, threshold: 0.03 } as const;

export interface ScreenOptions {
  /** Parts that differ on every run (QR codes, timestamps, transaction ids, codes): painted over. */
  mask?: Locator[];
  /**
   * This state stands for its screen in the design pass (E2E_DESIGN=1, src/designPass.ts): it is
   * also compared dark, in Arabic and in the theme of the run. One call per screen or route sets it
   * (the screen's first or main state), so the matrix stays affordable.
   */
  looks?: boolean;
}

/**
 * Compares the page with `<name>-1280.png` and `<name>-320.png` (full page), then leaves the page
 * at 1280 px for the rest of the journey. The mouse is moved out of the way first so no hover
 * style depends on where the last click was. With E2E_LOCALES=1 (`npm run test:locales`) the same
 * screen is then compared in the pseudo-locales, `<name>-en-XA-<width>.png` and
 * `<name>-ar-XB-<width>.png`, and checked with axe in ar and ja-JP (src/localePass.ts); the page is
 * back in en-US, with the focus where it was, when this returns. With E2E_DESIGN=1 (`npm run
 * test:design`) a state marked `looks` is then compared in light and dark, en-US and ar, at both
 * widths, in the theme of the run (E2E_THEME): `<name>-<theme>-<scheme>-<locale>-<width>.png`
 * (src/designPass.ts), and the page is given back as it was. Under a theme other than the default
 * only those pictures are compared: the ordinary baselines are the default theme's.
 */
export async function expectScreen(
  page: Page,
  name: string,
  { mask = [], looks = false }: ScreenOptions = {},
): Promise<void> {
  await page.mouse.move(0, 0);
  // The screen has arrived: focus moves to its first field or heading 100 ms after it showed, so
  // wait for that (the picture then has the focus ring every time). A state that keeps focus on
  // <body> (the page's clock paused by the test, a button that disabled itself) stays so.
  await expect
    .poll(
      () => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body),
      {
        timeout: 1500,
      },
    )
    .toBe(true)
    .catch(() => undefined);
  const compare = (pictures: string, masked: Locator[]) => compareAtWidths(page, pictures, masked);
  if (DEFAULT_THEME) {
    await compare(name, mask);
    if (LOCALE_PASS) await checkScreenInLocales(page, { name, mask, compare });
  } else {
    test.info().annotations.push({
      type: 'ordinary baselines skipped',
      description: `${name}: the run's theme is ${THEME}, the baselines' the default`,
    });
  }
  if (looks && designPassTakes(name)) await checkScreenLooks(page, { name, mask, compare });
}

/** The page at both widths against `<name>-<width>.png`; it is left at 1280 px. */
async function compareAtWidths(page: Page, name: string, mask: Locator[]): Promise<void> {
  for (const width of [1280, 320] as const) {
    await page.setViewportSize(VIEWPORTS[width]);
    await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask,
      ...TOLERANCE,
    });
  }
  await page.setViewportSize(VIEWPORTS[1280]);
}
