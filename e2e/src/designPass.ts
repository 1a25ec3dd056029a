import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  cannotSwitchLanguage,
  type Locale,
  MASK_ATTRIBUTE,
  markMaskedElements,
  rememberFocus,
  SOURCE,
  switchTo,
} from './localePass';
import { repoRoot } from './servers';

/**
 * The design pass of the screenshot suite (issue 44, 'One design system'; `npm run test:design`,
 * E2E_DESIGN=1): one representative state of each screen (expectScreen's `looks: true`) is compared
 * in every look a designer reviews: light and dark, en-US and Arabic (right to left), at 1280 and
 * 320 px, in the theme the stack was started with (E2E_THEME). Its pictures are
 * `<name>-<theme>-<scheme>-<locale>-<width>.png`, beside the screen's ordinary baselines; the look
 * the ordinary baseline already is (default theme, light, en-US) is not shot again. Off by
 * default: `npm test` does not pay for it.
 *
 * The page is changed in place and given back as it was, so the test goes on unchanged: the
 * colour scheme through Playwright's media emulation (`prefers-color-scheme`, which the design
 * tokens follow), the language through the footer's picker as the locale pass switches it
 * (src/localePass.ts: a click dispatched to the picker's button, the focus given back after each
 * switch), then back to en-US, the scheme it had, the width it had, and the focus where it was.
 */
export const DESIGN_PASS = process.env.E2E_DESIGN === '1';

/** The themes the portal server ships (portal-server/themes/<name>/theme.json). */
const THEMES_DIR = path.join(repoRoot, 'portal-server', 'themes');

/**
 * The theme the e2e stacks run the portal server with: E2E_THEME (default `default`), a folder of
 * portal-server/themes/. Any theme but the default changes every screen, so under it the ordinary
 * baselines (the default theme's) are not compared: only the design pass's pictures of that theme.
 */
export const THEME = themeName(process.env.E2E_THEME);

function themeName(value: string | undefined): string {
  const name = value?.trim() || 'default';
  if (!/^[a-z0-9-]+$/.test(name) || !existsSync(path.join(THEMES_DIR, name, 'theme.json')))
    throw new Error(`E2E_THEME=${name}: no portal-server/themes/${name}/theme.json`);
  return name;
}

/**
 * E2E_DESIGN_SCREENS=<name>,<name>: the pass takes only these screens (expectScreen's names), to
 * look at or rewrite a few without the whole matrix; every flagged screen when unset.
 */
const ONLY_SCREENS = (process.env.E2E_DESIGN_SCREENS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

/** Whether the design pass takes this flagged screen (E2E_DESIGN=1, and E2E_DESIGN_SCREENS names it or is unset). */
export function designPassTakes(name: string): boolean {
  return DESIGN_PASS && (ONLY_SCREENS.length === 0 || ONLY_SCREENS.includes(name));
}

/** Whether the stack runs with the default theme, whose looks the ordinary baselines are. */
export const DEFAULT_THEME = THEME === 'default';

/**
 * What the portal server needs for E2E_THEME (src/fixtures.ts adds it to the stack's portalEnv):
 * THEME_FILE for any theme but the default (which the server takes when none is named).
 */
export function themeEnv(): Record<string, string> {
  return DEFAULT_THEME ? {} : { THEME_FILE: path.join(THEMES_DIR, THEME, 'theme.json') };
}

export type Scheme = 'light' | 'dark';
const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** The locales of the pass: the source, and a real right-to-left locale. */
const LOCALES: readonly Locale[] = [SOURCE, { tag: 'ar', dir: 'rtl' }];

/** One look of a screen: its pictures' name, without the width. */
export interface Look {
  scheme: Scheme;
  locale: string;
}

/**
 * The looks the pass compares for a screen, in the order it takes them (one language switch each
 * way): every scheme and locale, less the ordinary baseline's look under the default theme.
 */
export function looksOf(theme: string, locales: readonly string[] = LOCALES.map((l) => l.tag)): Look[] {
  return locales.flatMap((locale) =>
    SCHEMES.filter((scheme) => !(theme === 'default' && scheme === 'light' && locale === SOURCE.tag)).map(
      (scheme) => ({ scheme, locale }),
    ),
  );
}

/** `<name>-<theme>-<scheme>-<locale>`: the width and `.png` follow (expectScreen's comparison). */
export function lookName(name: string, theme: string, look: Look): string {
  return `${name}-${theme}-${look.scheme}-${look.locale}`;
}

/** What the pass of one screen may add to its test's time (real time, on a loaded machine). */
const PASS_TIME_MS = 90_000;

export interface DesignPassOptions {
  /** The screen's name. */
  name: string;
  /** What the ordinary comparison masks. */
  mask: Locator[];
  /** expectScreen's comparison at each of its widths (left at 1280 px), with these pictures' name and mask. */
  compare: (name: string, mask: Locator[]) => Promise<void>;
}

/** The design pass of one screen (see DESIGN_PASS); the page is as it was when this returns. */
export async function checkScreenLooks(
  page: Page,
  { name, mask, compare }: DesignPassOptions,
): Promise<void> {
  test.info().setTimeout(test.info().timeout + PASS_TIME_MS);
  const reason = await cannotSwitchLanguage(page);
  if (reason)
    test.info().annotations.push({ type: 'design pass: en-US only', description: `${name}: ${reason}` });
  const locales = reason ? [SOURCE] : LOCALES;
  const looks = looksOf(
    THEME,
    locales.map((locale) => locale.tag),
  );
  await test.step(`${name}: the design pass (${THEME} theme, ${looks.length} looks × 2 widths)`, async () => {
    const viewport = page.viewportSize();
    const wasDark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    const restoreFocus = await rememberFocus(page);
    // What the test masks, marked while the page is in en-US (a locator may name English words)
    // and again in each locale, as the locale pass does.
    const markMasked = () => markMaskedElements(mask);
    const masked = page.locator(`[${MASK_ATTRIBUTE}]`);
    await markMasked();
    const maskedCount = await masked.count();
    const lookMask = mask.length > 0 ? [...mask, masked] : [];

    for (const locale of locales) {
      const ofLocale = looks.filter((look) => look.locale === locale.tag);
      if (ofLocale.length === 0) continue;
      if ((await page.locator('html').getAttribute('lang')) !== locale.tag) {
        await switchTo(page, locale, restoreFocus);
        await markMasked();
        await expect(
          masked,
          `what ${name} masks is found in ${locale.tag} too: find it by structure or content, not by English words`,
        ).toHaveCount(maskedCount);
      }
      for (const look of ofLocale) {
        await page.emulateMedia({ colorScheme: look.scheme });
        await compare(lookName(name, THEME, look), lookMask);
      }
    }

    await page.emulateMedia({ colorScheme: wasDark ? 'dark' : 'light' });
    if ((await page.locator('html').getAttribute('lang')) !== SOURCE.tag) {
      await switchTo(page, SOURCE, restoreFocus);
      // The choice of a real locale was remembered (a cookie): the rest of the test starts as it was.
      await page.context().clearCookies({ name: /(^|-)portal-locale$/ });
    }
    await masked.evaluateAll((elements, attribute) => {
      for (const element of elements) element.removeAttribute(attribute);
    }, MASK_ATTRIBUTE);
    if (viewport) await page.setViewportSize(viewport);
    await restoreFocus();
  });
}
