import * as v from 'valibot';
import { describeIssues } from '../describeIssues.js';
import type { ReadResult } from '../files/statCachedFile.js';
import { SOURCE_LOCALE } from '../i18n/negotiateLocale.js';
import { isSafeHref } from './urls.js';

const href = v.pipe(v.string(), v.check(isSafeHref, 'an absolute path or http(s) URL'));

const Files = v.object({ js: v.array(href), css: v.array(href) });

const DocumentWordsSchema = v.object({
  title: v.optional(v.string()),
  noscript: v.optional(v.string()),
  /** The title of a page that opens on a screen, `{screen}` its place (absent from older host builds). */
  screenTitle: v.optional(v.pipe(v.string(), v.includes('{screen}'))),
  /** The header's product name, for the rendered shell when the theme names none (absent from older builds). */
  productName: v.optional(v.string()),
});
export type DocumentWords = v.InferOutput<typeof DocumentWordsSchema>;

/**
 * first-load.json, written by the host build: its entry file (main.js, already in index.html), its
 * own start-up chunks and its deferred chunks (shared code only later screens use; absent from older host
 * builds). Which route is whose screen comes from the live remotes' contributions, not the host.
 */
export const HostPlanSchema = v.object({
  /**
   * The entry file index.html loads (absent from older host builds): preloaded first, since a
   * deferred script is requested last and every other start-up file waits for it to run.
   */
  entry: v.optional(href),
  host: Files,
  /**
   * Start-up files the first render needs only after everything else has run (React's DOM
   * renderer; absent from older host builds): preloaded after the first screen's files.
   */
  last: v.optional(Files, { js: [], css: [] }),
  deferred: v.optional(Files, { js: [], css: [] }),
  /**
   * The shell's markup as a signed-out page first shows it, with the places the portal server fills
   * (shellMarkup.ts); absent from host builds before the rendered first screen.
   */
  shell: v.optional(v.string()),
  /**
   * The kernel's message catalogues, locale → chunk (absent from host builds before issue 26): with
   * the source locale, the locales the portal speaks (pageLocales), and the file the page preloads
   * for its own. The source locale's is bundled with the kernel's words: newer builds list no
   * file for it, so its page preloads none.
   */
  catalogues: v.optional(v.record(v.string(), href), {}),
  /**
   * index.html's own words (its <title> and <noscript>) per locale, from the kernel's catalogues
   * at build time (absent from older host builds): the page in another locale carries its own.
   */
  documentWords: v.optional(v.record(v.string(), DocumentWordsSchema), {}),
});
export type HostPlan = v.InferOutput<typeof HostPlanSchema>;

export const HOST_PLAN_FILE = 'first-load.json';

/** The locales a page can be in: the source locale, and each the kernel has a catalogue of. */
export function pageLocales(plan: HostPlan): string[] {
  return [...new Set([SOURCE_LOCALE, ...Object.keys(plan.catalogues)])];
}

export function parseHostPlan(text: string): ReadResult<HostPlan> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `${HOST_PLAN_FILE} is not JSON: ${String(error)}` };
  }
  const parsed = v.safeParse(HostPlanSchema, raw);
  return parsed.success
    ? { ok: true, value: parsed.output }
    : { ok: false, error: `${HOST_PLAN_FILE} is invalid: ${describeIssues(parsed.issues)}` };
}
