import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { wcagViolationsNow } from './axeGuard';
import { englishLeft } from './englishLeft';
import { repoRoot } from './servers';

/**
 * The locale pass of the screenshot suite (issue 26; `npm run test:locales`, E2E_LOCALES=1): after
 * a screen's en-US comparison, expectScreen switches the running page to the pseudo-locales,
 * compares each with its own baseline and runs axe in it, runs axe in two real locales, then
 * switches back, so the test goes on as if nothing had happened. Off by default: `npm test` does not pay for it.
 *
 * The page is switched in place, as a user does it: through the footer's language picker, which
 * lists the pseudo-locales because the e2e stacks start the portal server with PSEUDO_LOCALES=on
 * (src/fixtures.ts). The choice is dispatched to the picker's button as a click event, found by its
 * `lang`: the button works with its list closed, and with a modal dialog open. There the footer is
 * inert and a user could not reach it: a user chooses the language before the dialog opens, and
 * meets the same dialog in it. The pass switches behind the dialog to show that dialog in every
 * locale without a spec of its own per locale; the screen keeps its state across a switch (the
 * host's RemoteScreen test), and the test goes on with the dialog it left, so a switch that lost
 * the screen's state fails the test. No reload, no clock. The keyboard's way to the picker is
 * keyboard-locales.spec.ts's.
 */
export const LOCALE_PASS = process.env.E2E_LOCALES === '1';

/** The pseudo-locales every screen is compared in: English left, truncation, overflow (en-XA); mirroring (ar-XB). */
const PSEUDO_LOCALES = [
  { tag: 'en-XA', dir: 'ltr' },
  { tag: 'ar-XB', dir: 'rtl' },
] as const;

/** The real locales axe checks every screen in: right to left, and a CJK script. */
const AXE_LOCALES = [
  { tag: 'ar', dir: 'rtl' },
  { tag: 'ja-JP', dir: 'ltr' },
] as const;

export const SOURCE = { tag: 'en-US', dir: 'ltr' } as const;

/** What the pass of one screen may add to its test's time (real time, on a loaded machine). */
const PASS_TIME_MS = 60_000;

export type Locale = { tag: string; dir: 'ltr' | 'rtl' };

/** Marks what the test masks, so the same elements stay masked once their names are no longer English. */
export const MASK_ATTRIBUTE = 'data-e2e-locale-mask';

/** Marks what the test's locators find now, so it stays masked once its words are another language's. */
export async function markMaskedElements(mask: readonly Locator[]): Promise<void> {
  for (const locator of mask) {
    await locator.evaluateAll((elements, attribute) => {
      for (const element of elements) element.setAttribute(attribute, '');
    }, MASK_ATTRIBUTE);
  }
}

export interface LocalePassOptions {
  /** The screen's name: its pictures are `<name>-<locale>-<width>.png`. */
  name: string;
  /** What the en-US comparison masked. */
  mask: Locator[];
  /** expectScreen's comparison at each of its widths, with these pictures' name and mask. */
  compare: (name: string, mask: Locator[]) => Promise<void>;
}

/**
 * The business's own wording, which is not the code's and has no pseudo-locale version: the en-US
 * content files of remote-help's pages (`content/*.json`; a locale's translation is
 * `content/<locale>/*.json`). Every string in them, longest first.
 */
const BUSINESS_WORDING: readonly string[] = (() => {
  const folder = path.join(repoRoot, 'remote-help', 'content');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .flatMap((file) => stringsIn(JSON.parse(readFileSync(path.join(folder, file), 'utf8'))));
})();

/** Every string in a JSON value. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * The product configuration's words (a banner title, link names, region names): the business's
 * too, as the portal server sends them (GET /v1/config/portal, read with the test's own fetch).
 */
async function configuredWording(page: Page): Promise<string[]> {
  const response = await page.request.get(new URL('/v1/config/portal', page.url()).href);
  const served = response.ok() ? stringsIn(await response.json()) : [];
  // The configuration the page started with, as the portal server wrote it into the page (a test
  // may have edited it: src/startupData.ts).
  const handedOver = await page.evaluate(() => {
    const block = document.getElementById('portal-bootstrap')?.textContent;
    try {
      return block ? (JSON.parse(block) as { portalConfig?: unknown }).portalConfig : undefined;
    } catch {
      return undefined;
    }
  });
  return [...served, ...stringsIn(handedOver)];
}

/**
 * The text of what is data, not words: what the test masks (codes, ids, times) and what the page
 * isolates in `<bdi>` or shows in its own direction (`dir="auto"`): a User ID, a code, an address,
 * a credential's name, a server's own free text, shown as sent.
 */
function dataText(page: Page): Promise<string[]> {
  return (
    page
      .locator(`[${MASK_ATTRIBUTE}], bdi, [dir="auto"]`)
      // Each line too: a masked list (the recovery codes) is one element whose lines are each a
      // code, and a code of letters only would otherwise read as a word left in English.
      .evaluateAll((elements) =>
        elements.flatMap((element) => {
          // biome-ignore lint/performance/useDomNodeTextContent: the text a user would see, as englishLeft reads it
          const text = (element as HTMLElement).innerText.trim();
          return [text, ...text.split('\n').map((line) => line.trim())];
        }),
      )
  );
}

/**
 * The lines left once the business's wording, `data` (configured words, masked codes and times),
 * e-mail and web addresses are taken out of each: what remains in plain English came from the code.
 */
function notWords(lines: readonly string[], data: readonly string[]): string[] {
  const known = [...BUSINESS_WORDING, ...data.filter(Boolean)].sort((a, b) => b.length - a.length);
  return lines.filter((line) => {
    let rest = line;
    for (const text of known) rest = rest.split(text).join(' ');
    rest = rest.replace(/\S+@\S+\.\w+/g, ' ').replace(/https?:\/\/\S+/g, ' ');
    // A User ID on a line of its own (`sam.sms`): one token with a dot, digit, @ or underscore.
    if (/^\s*[\w.@+-]*[.@_\d][\w.@+-]*\s*$/.test(rest)) return false;
    return /[A-Za-z]{3,}/.test(rest);
  });
}

/** The pass's findings do not stop the test: it goes on in en-US and reports them all at its end. */
const softExpect = expect.configure({ soft: true });

/** The language picker's button for `tag` (in its list while the list is open, when it is offered). */
const pickerOption = (page: Page, tag: string) =>
  page.locator(`.portal-footer .portal-language__list button[lang="${tag}"]`);

/**
 * Opens or closes the picker's list (its languages are rendered while it is open) with a click
 * dispatched to its button, as switchTo chooses: the focus stays where the test left it.
 */
async function setPickerOpen(page: Page, open: boolean): Promise<void> {
  const toggle = page.locator('.portal-footer .portal-language__toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== String(open)) await toggle.dispatchEvent('click');
  await expect(toggle).toHaveAttribute('aria-expanded', String(open));
}

/**
 * Why the language of this screen cannot be switched in place through the footer's picker, or null
 * when it can: a page without the portal's picker, a busy screen, a page already in another language.
 */
export async function cannotSwitchLanguage(page: Page): Promise<string | null> {
  if ((await page.locator('.portal-footer .portal-language').count()) === 0)
    return 'no language picker on this page (not a screen of the portal)';
  if ((await page.locator('[aria-busy="true"]').count()) > 0)
    return 'the screen is busy (it moves on by itself: connecting, redirecting)';
  const lang = await page.locator('html').getAttribute('lang');
  if (lang !== SOURCE.tag) return `the page is in ${lang}, not ${SOURCE.tag}`;
  return null;
}

/**
 * Why this screen cannot be switched in place, or null when it can: a page that is not the
 * portal's (the emulator's, the portal server's own static pages) has no picker; a page already in
 * another language is a test of that language (pseudo-locales.spec.ts).
 */
async function cannotSwitch(page: Page): Promise<string | null> {
  const reason = await cannotSwitchLanguage(page);
  if (reason) return reason;
  await setPickerOpen(page, true);
  const offered = await pickerOption(page, PSEUDO_LOCALES[0].tag).count();
  await setPickerOpen(page, false);
  expect(
    offered,
    'the language picker offers the pseudo-locales (the portal server runs with PSEUDO_LOCALES=on)',
  ).toBe(1);
  return null;
}

/**
 * Chooses `locale` in the picker and waits until the page is in it: `<html lang dir>`, then the
 * contributed titles and labels in its words (the picker asks the portal server for them after the
 * catalogues). The picker gives focus to its own button; `focused` gets it back.
 */
export async function switchTo(page: Page, locale: Locale, focused: () => Promise<void>): Promise<void> {
  const words = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/v1/config/contributions' && url.searchParams.get('ui_locales') === locale.tag;
  });
  await setPickerOpen(page, true);
  await pickerOption(page, locale.tag).dispatchEvent('click');
  await expect(page.locator('html'), `<html lang> follows the choice of ${locale.tag}`).toHaveAttribute(
    'lang',
    locale.tag,
  );
  await expect(page.locator('html'), `<html dir> in ${locale.tag}`).toHaveAttribute('dir', locale.dir);
  await words;
  await focused();
}

/** Whether the page's timers run (false under a paused Playwright clock: axe cannot finish there). */
async function pageTimersRun(page: Page): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const paused = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), 2_000);
  });
  const ran = page.evaluate(() => new Promise<true>((resolve) => setTimeout(() => resolve(true), 0)));
  return Promise.race([ran, paused]).finally(() => clearTimeout(timer));
}

/** The focus as the test left it, to give back after each switch. */
export async function rememberFocus(page: Page): Promise<() => Promise<void>> {
  const element = await page.evaluateHandle(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  return async () => {
    await page.evaluate((target) => {
      // An element the new words replaced (keyed by its text) is gone: then no focus, not the picker's.
      if (target?.isConnected) target.focus();
      else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    }, element);
  };
}

/**
 * The locale pass of one screen (see LOCALE_PASS). Its findings are soft assertions: the test goes
 * on in en-US and reports every one of them at its end.
 */
export async function checkScreenInLocales(
  page: Page,
  { name, mask, compare }: LocalePassOptions,
): Promise<void> {
  // Four switches, four pictures and four axe runs: each screen's pass has its own minute, so a
  // test of several screens keeps the time its en-US steps need.
  test.info().setTimeout(test.info().timeout + PASS_TIME_MS);
  const reason = await cannotSwitch(page);
  if (reason) {
    test.info().annotations.push({ type: 'locale pass skipped', description: `${name}: ${reason}` });
    return;
  }
  // Under a clock the test paused (the idle warning) the page still renders and switches (no timer
  // is needed for either), but axe waits on timers: the pictures and the English check only.
  const timersRun = await pageTimersRun(page);
  const axeLocales = timersRun ? AXE_LOCALES : [];
  if (axeLocales.length === 0)
    test.info().annotations.push({
      type: 'locale pass: axe skipped',
      description: `${name}: the page's clock is paused (its timers cannot run, and axe waits on them)`,
    });
  await test.step(`${name} in ${[...PSEUDO_LOCALES, ...axeLocales].map((l) => l.tag).join(', ')}`, async () => {
    const restoreFocus = await rememberFocus(page);
    // What the test masks, found while the page is in en-US (some of its locators name English
    // words) and again in each locale (an element keyed by its words is a new one there).
    const markMasked = () => markMaskedElements(mask);
    const masked = page.locator(`[${MASK_ATTRIBUTE}]`);
    await markMasked();
    const maskedCount = await masked.count();
    const configured = await configuredWording(page);
    // The test's own locators are found again when each picture is taken (those that name no
    // English word still find their elements), the marked elements besides.
    const localeMask = mask.length > 0 ? [...mask, masked] : [];

    for (const locale of PSEUDO_LOCALES) {
      await switchTo(page, locale, restoreFocus);
      await markMasked();
      // A picture with a code or a time left unmasked would differ on every run.
      await expect(
        masked,
        `what ${name} masks is found in ${locale.tag} too: find it by structure or content, not by English words`,
      ).toHaveCount(maskedCount);
      if (locale.tag === 'en-XA') {
        await softExpect
          .poll(async () => notWords(await englishLeft(page), [...configured, ...(await dataText(page))]), {
            message: `English left on ${name} in en-XA`,
          })
          .toEqual([]);
      }
      await compare(`${name}-${locale.tag}`, localeMask);
      // The pseudo-locales pass axe too (issue 26): lengthened names, mirrored layout, `lang`.
      if (timersRun) {
        const where = `${name} in ${locale.tag}`;
        softExpect(await wcagViolationsNow(page, where), `axe-core (WCAG A/AA) on ${where}`).toEqual([]);
      }
    }

    for (const locale of axeLocales) {
      await switchTo(page, locale, restoreFocus);
      const where = `${name} in ${locale.tag}`;
      softExpect(await wcagViolationsNow(page, where), `axe-core (WCAG A/AA) on ${where}`).toEqual([]);
    }

    await switchTo(page, SOURCE, restoreFocus);
    // The choices of real locales were remembered (a cookie): the rest of the test starts as it was.
    await page.context().clearCookies({ name: /(^|-)portal-locale$/ });
    await masked.evaluateAll((elements, attribute) => {
      for (const element of elements) element.removeAttribute(attribute);
    }, MASK_ATTRIBUTE);
  });
}
